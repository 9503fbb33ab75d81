import { describe, expect, it } from 'vitest';
import { findScenario } from '../scenarios/index.js';
import { buildChain, BuildChainError, createChainBuilder } from './buildChain.js';

describe('buildChain options', () => {
  it('names the function and the bad value', () => {
    expect(() => buildChain({ scenario: 'huge' })).toThrow(
      new BuildChainError('buildChain: unknown scenario "huge"; known: tiny, default, large'),
    );
    expect(() => buildChain({ scenario: 'tiny', seed: 1.5 })).toThrow(
      /buildChain: seed must be an integer or a string, got 1.5/,
    );
    expect(() => buildChain({ scenario: { ...findScenario('tiny')!, blocks: 10 } })).toThrow(
      /at least 40 blocks, got 10/,
    );
  });

  it('treats a numeric seed and its text alike, and defaults to seed 1', () => {
    const a = buildChain({ scenario: 'tiny', seed: 5 });
    const b = buildChain({ scenario: 'tiny', seed: '5' });
    expect(a.blocks.at(-1)!.hash).toBe(b.blocks.at(-1)!.hash);
    expect(buildChain({ scenario: 'tiny' }).seed).toBe('1');
  });

  it('puts every notable entity of the scenario in its handles', () => {
    const chain = buildChain({ scenario: 'tiny', seed: 9 });
    for (const name of [
      'whale',
      'emptyAddress',
      'onePageAddress',
      'failedTransaction',
      'erc1155BatchTransaction',
      'minimalProxy',
      'selfDestructedContract',
      'uncleBlock',
      'reorgBlock',
      'emptyBlock',
    ]) {
      expect(chain.handles[name], name).toMatch(/^0x[0-9a-fA-F]+$/);
    }
    const empty = chain.accounts[chain.accountByHash.get(chain.handles.emptyAddress!.toLowerCase())!]!;
    expect([empty.balance, chain.indexes.at(empty.id)!.transactions.length]).toEqual([0n, 0]);
    expect(
      chain.indexes.at(chain.accountByHash.get(chain.handles.onePageAddress!.toLowerCase())!)!.transactions.length,
    ).toBe(50);
  });

  it('finalizing after every mined block (reusing what did not change) gives the chain built at that head', () => {
    const builder = createChainBuilder({ scenario: 'tiny', seed: 4 });
    builder.mineTo(48);
    let grown = builder.chain();
    for (let height = 49; height <= 120; height++) {
      builder.mineTo(height);
      grown = builder.chain();
    }
    const built = buildChain({ scenario: 'tiny', seed: 4, head: 120 });
    expect(grown.indexes).toEqual(built.indexes);
    expect(grown.nftOwners).toEqual(built.nftOwners);
    expect([...grown.richList]).toEqual([...built.richList]);
    expect(grown.accounts).toEqual(built.accounts);
  });

  it('a chain made before mining on keeps its own head: balances, lists, lookups and handles do not move', () => {
    const builder = createChainBuilder({ scenario: 'tiny', seed: 4 });
    builder.mineTo(48);
    const kept = builder.chain();
    const snapshot = (chain: typeof kept) => ({
      balances: chain.accounts.map((a) => [a.balance, a.nonce, a.balanceUpdatedAt, a.contract?.token?.totalSupply]),
      accounts: chain.accounts.length,
      transactions: [...chain.transactions].map((t) => t.hash),
      blocks: [...chain.blocks].map((b) => b.hash),
      uncles: chain.uncles.length,
      reorgs: chain.reorgs.length,
      transfers: chain.tokenTransfers.length,
      withdrawals: chain.withdrawals.length,
      owners: [...chain.nftOwners],
      handles: { ...chain.handles },
    });
    const before = snapshot(kept);
    builder.mineTo(49);
    builder.chain();
    builder.mineTo(60);
    const later = builder.chain();
    expect(snapshot(kept)).toEqual(before);
    expect(snapshot(kept)).toEqual(snapshot(buildChain({ scenario: 'tiny', seed: 4, head: 48 })));
    // What came later is not found in it.
    const newest = later.transactions.at(later.transactions.length - 1)!;
    expect(kept.transactionByHash.get(newest.hash)).toBeUndefined();
    expect(kept.blockByHash.get(later.blocks.at(60)!.hash)).toBeUndefined();
    expect(kept.transactions.at(kept.transactions.length)).toBeUndefined();
    const created = later.accounts.slice(kept.accounts.length);
    expect(created.length).toBeGreaterThan(0);
    for (const account of created) expect(kept.accountByHash.has(account.lower)).toBe(false);
    // And the later chain is the one built at its head.
    expect(snapshot(later)).toEqual(snapshot(buildChain({ scenario: 'tiny', seed: 4, head: 60 })));
  });
});
