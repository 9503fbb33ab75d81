import { describe, expect, it } from 'vitest';
import '../../src/app/loadModulesEagerly.js';
import { buildChain } from '../../generators/buildChain.js';
import { runContractCode } from '../../src/execution/contractRuns.js';
import { loadScenario } from '../../scenarios/loadScenario.js';
import type { Chain } from '../../src/chain/types.js';
import { hasCode } from '../../src/domain/accounts.js';
import { itemsOf } from '../../src/domain/transactions.js';
import { blockscoutFormat, DIFFERENCES } from '../../src/profiles/blockscout.js';
import { specFormat } from '../../src/profiles/spec.js';
import { errorResponse, invalidParameter } from '../../src/rest/errors.js';
import type { Profile } from '../../src/schemas/profile.js';
import { activityAfter } from '../../src/domain/activityItems.js';
import { activityRowOf } from '../../src/domain/activityRow.js';
import { addressJson, addressListItemJson } from '../../src/views/address.js';
import { advancedFilterItemJson } from '../../src/views/advancedFilterItem.js';
import { addressRef } from '../../src/views/addressRef.js';
import { blockDetailJson, blockJson } from '../../src/views/block.js';
import { createViewContext, type ViewContext } from '../../src/views/context.js';
import { internalTransactionJson } from '../../src/views/internalTransaction.js';
import { smartContractJson } from '../../src/views/smartContract.js';
import { tokenJson } from '../../src/views/token.js';
import { tokenInstanceJson } from '../../src/views/tokenInstance.js';
import { tokenTransferJson } from '../../src/views/tokenTransfer.js';
import { transactionDetailJson, transactionJson } from '../../src/views/transaction.js';
import { blockWithdrawalJson } from '../../src/views/withdrawal.js';

type Json = Record<string, unknown>;

/** Fields holding another resource: their own differences are that resource's rows. */
const EMBEDDED = new Set([
  'from',
  'to',
  'created_contract',
  'miner',
  'owner',
  'receiver',
  'token',
  'token_instance',
  'token_transfers',
]);

/** Every resource of a chain, rendered in one profile: resource name → the same entities, in the same order. */
function render(chain: Chain, profile: Profile): Map<string, Json[]> {
  const ctx: ViewContext = createViewContext(chain, profile);
  const out = new Map<string, Json[]>();
  const add = (resource: string, json: string) => {
    if (!out.has(resource)) out.set(resource, []);
    out.get(resource)!.push(JSON.parse(json) as Json);
  };
  for (const a of chain.accounts) {
    add('address reference', JSON.stringify(addressRef(ctx, a.id)));
    add('address', addressJson(ctx, a.id));
    add('address list item', addressListItemJson(ctx, a.id));
    if (a.contract?.token && a.contract.creationStatus !== 'failed') add('token', tokenJson(ctx, a.id));
    if (hasCode(a)) add('smart contract', smartContractJson(ctx, a.id));
  }
  for (let t = 0; t < chain.transactions.length; t++) {
    add('transaction', transactionJson(ctx, t));
    add('transaction', transactionDetailJson(ctx, t));
  }
  for (let t = 0; t < chain.tokenTransfers.length; t++)
    for (let k = 0; k < itemsOf(chain.tokenTransfers.at(t)!); k++) add('token transfer', tokenTransferJson(ctx, t, k));
  for (const list of [chain.blocks, chain.uncles, chain.reorgs])
    for (const block of list) {
      add('block', blockJson(ctx, block));
      add('block', blockDetailJson(ctx, block));
    }
  for (let i = 0; i < chain.internalTransactions.length; i++)
    add('internal transaction', internalTransactionJson(ctx, i));
  for (let w = 0; w < chain.withdrawals.length; w++) add('block withdrawal', blockWithdrawalJson(ctx, w));
  for (const [key, owner] of chain.nftOwners) {
    const [token, id] = key.split(':');
    add('token instance', tokenInstanceJson(ctx, Number(token), BigInt(id!), owner));
  }
  for (const item of activityAfter(chain, null)) {
    const row = activityRowOf(ctx.facts, item);
    add('advanced filter item', advancedFilterItemJson(ctx, row, row.fee));
  }
  const error = errorResponse(
    invalidParameter('/filter', 'Invalid value for enum'),
    profile === 'spec' ? specFormat : blockscoutFormat,
  );
  add('errors', error.body);
  return out;
}

/** Each (resource, field) whose presence or value differs between the profiles for the same entity (`found`), and every (resource, field) either profile answers (`seen`). */
function differences(chain: Chain): { found: Set<string>; seen: Set<string> } {
  const spec = render(chain, 'spec');
  const blockscout = render(chain, 'blockscout');
  const found = new Set<string>();
  const seen = new Set<string>();
  for (const [resource, specItems] of spec) {
    const bsItems = blockscout.get(resource)!;
    expect(bsItems.length, resource).toBe(specItems.length);
    specItems.forEach((s, i) => {
      const b = bsItems[i]!;
      for (const field of new Set([...Object.keys(s), ...Object.keys(b)])) {
        seen.add(`${resource} · ${field}`);
        if (!(field in s) || !(field in b)) found.add(`${resource} · ${field}`);
        else if (!EMBEDDED.has(field) && JSON.stringify(s[field]) !== JSON.stringify(b[field]))
          found.add(`${resource} · ${field}`);
      }
    });
  }
  return { found, seen };
}

describe('the DIFFERENCES table of the Blockscout profile', () => {
  it('lists every field the two profiles answer differently, on every kind of entity (tiny, and the dapp example)', async () => {
    const dapp = await loadScenario('scenarios/examples/dapp.json');
    const runs = [
      differences(buildChain({ scenario: 'tiny', seed: 3 })),
      differences(buildChain(await runContractCode({ scenario: dapp, seed: 1 }))),
    ];
    const found = new Set(runs.flatMap((r) => [...r.found]));
    const seen = new Set(runs.flatMap((r) => [...r.seen]));
    const listed = new Set(DIFFERENCES.map((d) => `${d.resource} · ${d.field}`));
    expect([...found].filter((d) => !listed.has(d)).sort()).toEqual([]);
    // And names no field that neither profile answers any more.
    expect([...listed].filter((d) => !seen.has(d)).sort()).toEqual([]);
  });

  it('names each difference once, with the Blockscout source it comes from', () => {
    const keys = DIFFERENCES.map((d) => `${d.resource} · ${d.field}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const d of DIFFERENCES) expect(d.source, `${d.resource} · ${d.field}`).toMatch(/\.ex\b|open_api_spex/);
  });
});
