/**
 * The caches follow the chain, not the app (issue 30): what the views rendered of a chain is kept
 * while the chain is served, whatever else changes (a send into the mempool, a verification's
 * status); a verification that passes changes the chain, and only the JSON that mentions the
 * verified contract is rendered again. Every URL then answers as an app made fresh over the
 * verified chain.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import '../../src/app/loadModulesEagerly.js';
import { buildChain, createChainBuilder } from '../../generators/buildChain.js';
import { testKey } from '../../src/chain/testKeys.js';
import { loadAnswerModules } from '../../src/app/chainApp.js';
import { createLiveChain, type LiveChain } from '../../src/live/liveChain.js';
import { ETHEREUM } from '../../src/protocol/chainSpec.js';
import { decodeSigned, signTransaction } from '../../src/protocol/signedTransaction.js';
import { fullWalk } from '../support/fullWalk.js';

const build = { scenario: 'tiny', seed: 1 };
const chain = buildChain(build);
const liveChain = (automine = true) =>
  createLiveChain(chain, { profile: 'blockscout', build, createBuilder: createChainBuilder, automine });

const text = (body: Uint8Array | string | null) =>
  typeof body === 'string' ? body : Buffer.from(body ?? []).toString();
const get = (live: LiveChain) => (url: string) => {
  const answer = live.answer({ method: 'GET', url, header: () => undefined });
  return { status: answer.status, body: text(answer.body) };
};
const postForm = (live: LiveChain, fields: Record<string, string>) => {
  const answer = live.answer({
    method: 'POST',
    url: '/api',
    header: (name) => (name === 'content-type' ? 'application/x-www-form-urlencoded' : undefined),
    body: new URLSearchParams(fields).toString(),
  });
  // Only the node's batches answer later, and this is the Etherscan API.
  if (answer instanceof Promise) throw new Error('POST /api answered later');
  return JSON.parse(text(answer.body)) as { status: string; result: string };
};

const CONTRACT = chain.handles.unverifiedContract!;
const verification = (source: string) => ({
  module: 'contract',
  action: 'verifysourcecode',
  contractaddress: CONTRACT,
  sourceCode: JSON.stringify({
    language: 'Solidity',
    sources: { 'contracts/Vault.sol': { content: source } },
    settings: { optimizer: { enabled: true, runs: 1000 }, evmVersion: 'cancun' },
  }),
  codeformat: 'solidity-standard-json-input',
  contractname: 'contracts/Vault.sol:Vault',
  compilerversion: 'v0.8.24+commit.e11b9ed9',
  constructorArguements: '',
});
const VAULT =
  '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\n\ncontract Vault {\n  function deposit() external payable {}\n}\n';

beforeAll(() => loadAnswerModules());

describe('caches scoped to the chain', () => {
  it('a send into the mempool keeps every entity the views rendered; the pending list shows it at once', async () => {
    const live = liveChain(false);
    const walked = await fullWalk(get(live), chain);
    const views = live.current.rest.context.json;
    const rendered = views.size;
    expect(rendered).toBeGreaterThan(1_000);
    const key = testKey(0);
    const raw = signTransaction(
      {
        to: CONTRACT,
        nonce: 0,
        value: 1n,
        gas: 30_000,
        data: '0x',
        chainId: chain.chainId,
        fees: { gasPrice: 10n ** 10n },
      },
      key.privateKey,
    );
    const sent = decodeSigned(raw, chain.chainId, ETHEREUM.transactionTypes);
    live.send(sent);
    expect(live.current.rest.context.json).toBe(views);
    expect(views.size).toBe(rendered);
    expect(get(live)('/api/v2/transactions?filter=pending').body).toContain(sent.hash);
    // Every URL answers as before but the lists of the two addresses the transaction waits for.
    const changed = (await fullWalk(get(live), chain)).answers
      .filter((a, i) => a.bodyDigest !== walked.answers[i]!.bodyDigest)
      .map((a) => a.url);
    const [from, to] = [key.address, CONTRACT].map((a) => `/api/v2/addresses/${a}/transactions`);
    expect(changed).toEqual([from, `${from}?filter=from`, to, `${to}?filter=to`]);
  });

  it('a failing verification keeps the app; a passing one renders again only what mentions the contract, and answers as a fresh app', async () => {
    const live = liveChain();
    const before = await fullWalk(get(live), chain);
    const app = live.current;
    const rendered = app.rest.context.json.size;
    const failing = postForm(live, { ...verification(VAULT), contractname: 'contracts/Vault.sol:Elsewhere' });
    expect(get(live)(`/api?module=contract&action=checkverifystatus&guid=${failing.result}`).body).toContain(
      'Fail - Unable to verify',
    );
    expect(live.current).toBe(app);
    expect(postForm(live, verification(VAULT)).status).toBe('1');
    const verified = live.current.rest.context.json;
    expect(live.current).not.toBe(app);
    // Most of what was rendered carried over; what mentions the contract did not.
    expect(verified.size).toBeGreaterThan(rendered / 2);
    expect(verified.size).toBeLessThan(rendered);
    const after = await fullWalk(get(live), chain);
    const fresh = liveChain();
    expect(postForm(fresh, verification(VAULT)).status).toBe('1');
    const unwarmed = await fullWalk(get(fresh), chain);
    expect(after.digest).toBe(unwarmed.digest);
    expect(after.digest).not.toBe(before.digest);
  });
});
