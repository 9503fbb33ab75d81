import { afterEach, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/handler/createHandler.js';
import { metadataVersion } from '../../src/domain/verificationChecks.js';

type Json = Record<string, any>;

// In process: every request reaches the same live chain, as every client of a server would.
const handler = createHandler({ scenario: 'tiny', seed: 1, cache: false, profile: 'blockscout' });
const unverified = handler.chain.handles.unverifiedContract!;
const partial = handler.chain.handles.partiallyVerifiedContract!;
afterEach(() => handler.reset());

const get = async (path: string) => handler(new Request(`http://mock${path}`));
const getJson = async (path: string): Promise<Json> => (await get(path)).json() as Promise<Json>;
const post = async (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  handler(
    new Request('http://mock/api', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    }),
  );
const postJson = async (fields: Record<string, string>): Promise<Json> => (await post(fields)).json() as Promise<Json>;

/** The status of a GUID, and the reason the mock gives beside the explorer's `Fail - Unable to verify`. */
async function outcome(guid: string): Promise<{ result: string; reason: string | null }> {
  const response = await get(`/api?module=contract&action=checkverifystatus&guid=${guid}`);
  return {
    result: ((await response.json()) as Json).result,
    reason: response.headers.get('x-mock-verification-error'),
  };
}

/** Submits and polls: the explorer's answer and the reason. */
async function verify(fields: Record<string, string>) {
  const submitted = await postJson({ module: 'contract', action: 'verifysourcecode', ...fields });
  expect(submitted.status, JSON.stringify(submitted)).toBe('1');
  return outcome(submitted.result);
}

const VAULT = 'pragma solidity ^0.8.21;\n\ncontract Vault {\n  function deposit() external payable {}\n}\n';
const vaultInput = (settings: Json = { optimizer: { enabled: true, runs: 1000 } }) =>
  JSON.stringify({ language: 'Solidity', sources: { 'contracts/Vault.sol': { content: VAULT } }, settings });

/** The unverified contract's code names solc 0.8.24 in its metadata (tiny, seed 1). */
async function codeCompiler(address: string): Promise<string | null> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getCode', params: [address, 'latest'] });
  const response = await handler(new Request('http://mock/rpc', { method: 'POST', body }));
  return metadataVersion(((await response.json()) as Json).result);
}

describe('what the mock checks without a compiler, refused with the explorer’s texts', () => {
  const base = {
    codeformat: 'solidity-standard-json-input',
    contractaddress: unverified,
    contractname: 'contracts/Vault.sol:Vault',
  };

  it('the compiler the code’s metadata names: another fails as “Compiler version does not match”', async () => {
    expect(await codeCompiler(unverified)).toBe('0.8.24');
    const failed = await postJson({
      module: 'contract',
      action: 'verifysourcecode',
      ...base,
      sourceCode: vaultInput(),
      compilerversion: 'v0.8.26+commit.8a97fa7a',
    });
    const status = await get(`/api?module=contract&action=checkverifystatus&guid=${failed.result}`);
    // The explorer's answer, with the reason beside it, readable by a page of any origin.
    expect(await status.json()).toEqual({ message: 'OK', result: 'Fail - Unable to verify', status: '1' });
    expect(status.headers.get('access-control-expose-headers')).toBe('x-mock-verification-error');
    expect(await verify({ ...base, sourceCode: vaultInput(), compilerversion: 'v0.8.21+commit.d9974bed' })).toEqual({
      result: 'Fail - Unable to verify',
      reason: 'Compiler version does not match, please try again.',
    });
    expect((await getJson(`/api/v2/smart-contracts/${unverified}`)).source_code).toBeUndefined();
    expect(await verify({ ...base, sourceCode: vaultInput(), compilerversion: 'v0.8.24+commit.e11b9ed9' })).toEqual({
      result: 'Pass - Verified',
      reason: null,
    });
  });

  it('the named contract in the sources, a parsable input, the constructor arguments of the creation input', async () => {
    const compilerversion = 'v0.8.24+commit.e11b9ed9';
    expect(
      await verify({ ...base, contractname: 'contracts/Other.sol:Vault', sourceCode: vaultInput(), compilerversion }),
    ).toEqual({
      result: 'Fail - Unable to verify',
      reason: 'Wrong contract name, please try again.',
    });
    expect(await verify({ ...base, sourceCode: '{"sources": 1', compilerversion })).toMatchObject({
      reason: 'Invalid JSON file.',
    });
    // The creation input ends with the constructor arguments, after the metadata.
    const creation = (await getJson(`/api?module=contract&action=getcontractcreation&contractaddresses=${unverified}`))
      .result[0].creationBytecode as string;
    const recorded = /64736f6c6343[\da-f]{6}0033([\da-f]+)$/.exec(creation)![1]!;
    expect(recorded).toHaveLength(64);
    const wrong = `0x${'00'.repeat(31)}01`;
    expect(await verify({ ...base, sourceCode: vaultInput(), compilerversion, constructorArguments: wrong })).toEqual({
      result: 'Fail - Unable to verify',
      reason: 'Constructor arguments do not match, please try again.',
    });
    // Etherscan's spelling, which hardhat-verify and forge send, the explorer does not read.
    expect(
      await verify({ ...base, sourceCode: vaultInput(), compilerversion, constructorArguements: wrong }),
    ).toMatchObject({ result: 'Pass - Verified' });
    handler.reset();
    expect(
      await verify({ ...base, sourceCode: vaultInput(), compilerversion, constructorArguments: `0x${recorded}` }),
    ).toMatchObject({ result: 'Pass - Verified' });
  });

  it('a partially verified contract: a bogus source is refused, the one matching the explorer’s record verifies it fully, and the first to pass stands until reset', async () => {
    const record = await getJson(`/api/v2/smart-contracts/${partial}`);
    expect(record).toMatchObject({ is_partially_verified: true, name: 'BtcUsdPriceFeed' });
    const sources = Object.fromEntries([
      [record.file_path, { content: record.source_code }],
      ...record.additional_sources.map((s: Json) => [s.file_path, { content: s.source_code }]),
    ]);
    const real = {
      codeformat: 'solidity-standard-json-input',
      contractaddress: partial,
      contractname: `${record.file_path}:${record.name}`,
      compilerversion: record.compiler_version,
      sourceCode: JSON.stringify({ language: 'Solidity', sources, settings: record.compiler_settings }),
    };
    const bogusSource =
      'contract BtcUsdPriceFeed { function latestAnswer() external pure returns (int256) { return 1; } }';
    const bogus = (settings: Json, compilerversion = record.compiler_version) => ({
      ...real,
      contractname: 'Bogus.sol:BtcUsdPriceFeed',
      compilerversion,
      sourceCode: JSON.stringify({
        language: 'Solidity',
        sources: { 'Bogus.sol': { content: bogusSource } },
        settings,
      }),
    });
    // Another compiler, the optimizer off, other runs, another EVM: not what the explorer matched.
    expect(await verify(bogus({}, 'v0.8.26+commit.8a97fa7a'))).toMatchObject({
      reason: 'Compiler version does not match, please try again.',
    });
    expect(await verify(bogus({}))).toMatchObject({ reason: 'Bytecode does not match, please try again.' });
    expect(await verify(bogus({ optimizer: { enabled: true, runs: 200 } }))).toMatchObject({
      reason: 'Bytecode does not match, please try again.',
    });
    const otherEvm = record.compiler_settings.evmVersion === 'paris' ? 'shanghai' : 'paris';
    expect(await verify(bogus({ ...record.compiler_settings, evmVersion: otherEvm }))).toMatchObject({
      reason: 'Bytecode does not match, please try again.',
    });
    // Still partially verified: the real submission verifies it fully.
    expect((await getJson(`/api/v2/smart-contracts/${partial}`)).is_fully_verified).toBe(false);
    expect(await verify(real)).toEqual({ result: 'Pass - Verified', reason: null });
    expect(await getJson(`/api/v2/smart-contracts/${partial}`)).toMatchObject({
      is_fully_verified: true,
      source_code: record.source_code,
    });
    // The first submission that passes stands: the explorer refuses the next as already verified.
    expect(
      await postJson({ module: 'contract', action: 'verifysourcecode', ...bogus(record.compiler_settings) }),
    ).toEqual({
      message: 'Smart-contract already verified.',
      result: 'Smart-contract already verified.',
      status: '0',
    });
  });
});

describe('bounds on what a verification may store (every client is served it until reset)', () => {
  const address = unverified;
  const submission = (sourceCode: string) => ({
    module: 'contract',
    action: 'verifysourcecode',
    codeformat: 'solidity-standard-json-input',
    contractaddress: address,
    contractname: 'contracts/Vault.sol:Vault',
    compilerversion: 'v0.8.24+commit.e11b9ed9',
    sourceCode,
  });
  /** Every page that serves a contract's sources answers 200 to every client. */
  const pagesStillServe = async () => {
    for (const path of [
      `/api?module=contract&action=getsourcecode&address=${address}`,
      `/api/v2/smart-contracts/${address}`,
      `/api/v2/addresses/${address}`,
      '/api/v2/smart-contracts',
    ])
      expect((await get(path)).status, path).toBe(200);
  };

  it('settings nesting 5,000 levels deep (a 10 KB body) are refused at once, with a message saying so; no page breaks', async () => {
    const deep = `{"optimizer":{"enabled":true,"runs":1000},"a":${'['.repeat(5_000)}${']'.repeat(5_000)}}`;
    const sourceCode = `{"language":"Solidity","sources":{"contracts/Vault.sol":{"content":${JSON.stringify(VAULT)}}},"settings":${deep}}`;
    expect(sourceCode.length).toBeLessThan(10_300);
    const refusal =
      "sourceCode: the standard-JSON input nests more than 32 levels deep; explorer-mock keeps inputs at most 32 levels deep (a compiler's input nests about 6)";
    expect(await postJson(submission(sourceCode))).toEqual({ message: refusal, result: refusal, status: '0' });
    await pagesStillServe();
    expect((await getJson(`/api/v2/smart-contracts/${address}`)).source_code).toBeUndefined();
    // At the bound (the input 1 level, settings 2, 30 more) it is kept, and served.
    let nested: unknown = 1;
    for (let i = 0; i < 30; i++) nested = { x: nested };
    const atBound = JSON.stringify({
      language: 'Solidity',
      sources: { 'contracts/Vault.sol': { content: VAULT } },
      settings: { optimizer: { enabled: true, runs: 1000 }, nested },
    });
    const accepted = await postJson(submission(atBound));
    expect((await outcome(accepted.result)).result).toBe('Pass - Verified');
    await pagesStillServe();
  });

  it('more than 1,000 source files are refused at once; a deep field in a JSON body is refused with 400', async () => {
    const sources = Object.fromEntries(
      Array.from({ length: 1_001 }, (_, i) => [`f${i}.sol`, { content: i === 0 ? VAULT : '' }]),
    );
    expect(await postJson(submission(JSON.stringify({ language: 'Solidity', sources })))).toMatchObject({
      message: 'sourceCode: the standard-JSON input holds 1001 source files; explorer-mock keeps at most 1000',
      status: '0',
    });
    const deepField = `{"module":"contract","action":"getabi","address":${'['.repeat(5_000)}${']'.repeat(5_000)}}`;
    const response = await handler(
      new Request('http://mock/api', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: deepField,
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message:
        "address: the JSON body's field nests more than 32 levels deep; explorer-mock reads fields at most 32 levels deep",
      result: null,
      status: '0',
    });
    await pagesStillServe();
  });
});
