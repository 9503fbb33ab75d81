import { beforeAll, describe, expect, it } from 'vitest';
import type { Chain, TokenType } from '../../src/chain/types.js';
import {
  expectedInternalTransactions,
  expectedNftCollections,
  expectedTokenTransfers,
  expectedTransactions,
  expectedWithdrawals,
} from '../support/expectedLists.js';
import { inProcess } from '../support/inProcess.js';
import { type Get, walk } from '../support/walk.js';
import { sharedChain } from '../support/sharedChain.js';

let chain: Chain;
let get: Get;
const idOf = (hash: string) => chain.accountByHash.get(hash.toLowerCase())!;
type Item = Record<string, unknown>;

beforeAll(() => {
  chain = sharedChain({ scenario: 'default', seed: 1 });
  get = inProcess(chain);
});

/** Every page but the last holds 50 items, and `items_count` (where the endpoint has it) runs on. */
function expectFullPages(pages: Awaited<ReturnType<typeof walk>>['pages'], atLeast = false) {
  pages.forEach((page, i) => {
    if (i < pages.length - 1) {
      if (atLeast) expect(page.items.length).toBeGreaterThanOrEqual(50);
      else expect(page.items).toHaveLength(50);
      if (page.next && 'items_count' in page.next)
        expect(page.next.items_count).toBe(pages.slice(0, i + 1).reduce((n, p) => n + p.items.length, 0));
    } else expect(page.next).toBeNull();
  });
}

describe('address transactions', () => {
  it.each(['busyAddress', 'whale', 'onePageAddress', 'vault', 'emptyAddress', 'validator'])(
    'walks every page of %s, unfiltered and filtered',
    async (handle) => {
      const id = idOf(chain.handles[handle]!);
      for (const filter of [undefined, 'to', 'from'] as const) {
        const { items, pages } = await walk(
          get,
          `/addresses/${chain.handles[handle]}/transactions`,
          filter ? { filter } : {},
        );
        expect(items.map((t) => (t as Item).hash)).toEqual(expectedTransactions(chain, id, filter));
        expectFullPages(pages);
      }
    },
  );

  it('the one-page address has exactly one full page', async () => {
    const { pages } = await walk(get, `/addresses/${chain.handles.onePageAddress}/transactions`);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.items).toHaveLength(50);
    expect(pages[0]!.next).toBeNull();
  });

  it('the busy address has many pages', async () => {
    const { pages } = await walk(get, `/addresses/${chain.handles.busyAddress}/transactions`);
    expect(pages.length).toBeGreaterThan(10);
  });

  it('to and from lists cover the unfiltered list', async () => {
    const path = `/addresses/${chain.handles.busyAddress}/transactions`;
    const all = (await walk(get, path)).items as Item[];
    const to = (await walk(get, path, { filter: 'to' })).items as Item[];
    const from = (await walk(get, path, { filter: 'from' })).items as Item[];
    const hash = chain.handles.busyAddress!;
    for (const t of to)
      expect([(t.to as Item | null)?.hash, (t.created_contract as Item | null)?.hash]).toContain(hash);
    for (const t of from) expect((t.from as Item).hash).toBe(hash);
    expect(new Set([...to, ...from].map((t) => t.hash))).toEqual(new Set(all.map((t) => t.hash)));
  });
});

describe('address token transfers', () => {
  const key = (t: Item) => `${t.transaction_hash}:${t.log_index}:${(t.total as Item).value}`;

  it.each(['busyAddress', 'whale', 'erc1155Token', 'zeroAddress'])('walks every page of %s', async (handle) => {
    const { items, pages } = await walk(get, `/addresses/${chain.handles[handle]}/token-transfers`);
    expect((items as Item[]).map(key)).toEqual(expectedTokenTransfers(chain, idOf(chain.handles[handle]!)));
    expectFullPages(pages, true);
    // A page runs past 50 items only to finish an ERC-1155 batch.
    for (const page of pages.slice(0, -1)) {
      const items = page.items as Item[];
      if (items.length > 50) expect(items[49]!.log_index).toBe(items[items.length - 1]!.log_index);
    }
  });

  it('applies the direction, type and token filters', async () => {
    const hash = chain.handles.busyAddress!;
    const id = idOf(hash);
    const types: TokenType[][] = [['ERC-20'], ['ERC-721', 'ERC-1155'], ['ERC-404']];
    for (const filter of ['to', 'from'] as const) {
      const { items } = await walk(get, `/addresses/${hash}/token-transfers`, { filter });
      expect((items as Item[]).map(key)).toEqual(expectedTokenTransfers(chain, id, { filter }));
    }
    for (const list of types) {
      const { items } = await walk(get, `/addresses/${hash}/token-transfers`, { type: list.join(',') });
      expect((items as Item[]).map(key)).toEqual(expectedTokenTransfers(chain, id, { types: list }));
      for (const t of items as Item[]) expect(list).toContain((t.token as Item).type);
    }
    const token = chain.handles.erc20Token!;
    const { items } = await walk(get, `/addresses/${hash}/token-transfers`, { token, filter: 'to' });
    expect((items as Item[]).map(key)).toEqual(expectedTokenTransfers(chain, id, { token: idOf(token), filter: 'to' }));
  });
});

describe('internal transactions and withdrawals', () => {
  it.each(['vault', 'router', 'multisig', 'busyAddress'])('walks every internal transaction of %s', async (handle) => {
    const id = idOf(chain.handles[handle]!);
    for (const filter of [undefined, 'to', 'from'] as const) {
      const { items, pages } = await walk(
        get,
        `/addresses/${chain.handles[handle]}/internal-transactions`,
        filter ? { filter } : {},
      );
      expect((items as Item[]).map((t) => `${t.transaction_hash}:${t.index}`)).toEqual(
        expectedInternalTransactions(chain, id, filter),
      );
      expectFullPages(pages);
    }
  });

  it('walks every withdrawal of the validator', async () => {
    const hash = chain.handles.withdrawalAddress!;
    const { items, pages } = await walk(get, `/addresses/${hash}/withdrawals`);
    expect((items as Item[]).map((w) => w.index)).toEqual(expectedWithdrawals(chain, idOf(hash)));
    expect(items.length).toBeGreaterThan(50);
    expectFullPages(pages);
  });
});

describe('blocks', () => {
  it('walks every consensus block, uncle and reorg', async () => {
    for (const [type, list] of [
      ['block', chain.blocks],
      ['uncle', chain.uncles],
      ['reorg', chain.reorgs],
    ] as const) {
      const { items, pages } = await walk(get, '/blocks', type === 'block' ? {} : { type });
      expect((items as Item[]).map((b) => b.hash)).toEqual([...list].reverse().map((b) => b.hash));
      for (const b of items as Item[]) expect(b.type).toBe(type);
      expectFullPages(pages);
    }
  });

  it("walks a block's transactions in position order", async () => {
    const block = chain.blockByHash.get(chain.handles.busiestBlock!)!;
    const { items, pages } = await walk(get, `/blocks/${block.height}/transactions`);
    expect((items as Item[]).map((t) => t.position)).toEqual(
      Array.from({ length: block.transactionCount }, (_, i) => i),
    );
    expect((await walk(get, `/blocks/${block.hash}/transactions`)).items).toEqual(items);
    expectFullPages(pages);
  });
});

describe('transaction token transfers', () => {
  it('walks a batch of 64 ids across pages, cursor inside the batch', async () => {
    const { items, pages } = await walk(get, `/transactions/${chain.handles.largeBatchTransaction}/token-transfers`);
    expect(items).toHaveLength(64);
    expect(pages).toHaveLength(2);
    expect(pages[0]!.next).toMatchObject({
      batch_log_index: expect.any(Number),
      index_in_batch: 49,
      batch_transaction_hash: chain.handles.largeBatchTransaction,
    });
    const transaction = chain.transactions.at(chain.transactionByHash.get(chain.handles.largeBatchTransaction!)!)!;
    const transfer = chain.tokenTransfers.at(transaction.tokenTransferStart)!;
    expect((items as Item[]).map((t) => (t.total as Item).value)).toEqual(transfer.amounts.map(String));
  });

  it('accepts the real explorer’s {block_number, index} cursor form', async () => {
    const hash = chain.handles.liquidationTransaction!;
    const all = (await walk(get, `/transactions/${hash}/token-transfers`)).items as Item[];
    expect(all.length).toBe(2);
    const after = JSON.parse(
      (await get(`/transactions/${hash}/token-transfers?block_number=1&index=${all[0]!.log_index}`)).body,
    );
    expect(after.items).toEqual([all[1]]);
  });
});

describe('holdings', () => {
  it.each(['busyAddress', 'whale', 'router'])('walks every token balance of %s in value order', async (handle) => {
    const id = idOf(chain.handles[handle]!);
    const { items } = await walk(get, `/addresses/${chain.handles[handle]}/tokens`);
    const rows = chain.indexes.at(id)!.holdings;
    expect((items as Item[]).map((r) => `${(r.token as Item).address_hash}:${r.token_id}:${r.value}`)).toEqual(
      rows.map((h) => `${chain.accounts[h.tokenId]!.hash}:${h.nftId === null ? null : String(h.nftId)}:${h.value}`),
    );
  });
});

describe('NFT collections', () => {
  const key = (c: Item) => `${(c.token as Item).address_hash}:${c.amount}`;

  it.each([1, 7])(
    'seed %s: walks the collector’s collections over three pages, and every type filter',
    async (seed) => {
      const other = seed === 1 ? chain : sharedChain({ scenario: 'default', seed });
      const read = seed === 1 ? get : inProcess(other);
      const hash = other.handles.nftCollector!;
      const id = other.accountByHash.get(hash.toLowerCase())!;
      const { items, pages } = await walk(read, `/addresses/${hash}/nft/collections`);
      expect((items as Item[]).map(key)).toEqual(expectedNftCollections(other, id));
      expect(items.length).toBeGreaterThan(100);
      expect(pages.length).toBeGreaterThanOrEqual(3);
      expectFullPages(pages);
      // The cursor crosses from one token type to the next.
      expect(new Set(pages.slice(0, -1).map((p) => p.next!.token_type)).size).toBeGreaterThan(1);
      for (const c of items as Item[]) expect((c.token_instances as unknown[]).length).toBeLessThanOrEqual(9);
      for (const types of [['ERC-721'], ['ERC-1155'], ['ERC-404'], ['ERC-1155', 'ERC-404']] as TokenType[][]) {
        const filtered = await walk(read, `/addresses/${hash}/nft/collections`, { type: types.join(',') });
        expect((filtered.items as Item[]).map(key)).toEqual(expectedNftCollections(other, id, types));
        expectFullPages(filtered.pages);
      }
    },
  );

  it.each([1, 7])('seed %s: the one-page collector has exactly one full page', async (seed) => {
    const other = seed === 1 ? chain : sharedChain({ scenario: 'default', seed });
    const read = seed === 1 ? get : inProcess(other);
    const hash = other.handles.onePageCollector!;
    const { items, pages } = await walk(read, `/addresses/${hash}/nft/collections`);
    expect(pages).toHaveLength(1);
    expect(items).toHaveLength(50);
    expect(pages[0]!.next).toBeNull();
    expect((items as Item[]).map(key)).toEqual(
      expectedNftCollections(other, other.accountByHash.get(hash.toLowerCase())!),
    );
  });

  it('every other holder’s collections match a replay of the transfers', async () => {
    const holders = [...chain.indexes]
      .map((index, id) => [index.nftCollections.length, id] as const)
      .filter(([n]) => n > 0);
    expect(holders.length).toBeGreaterThan(20);
    for (const [, id] of holders) {
      const { items } = await walk(get, `/addresses/${chain.accounts[id]!.hash}/nft/collections`);
      expect((items as Item[]).map(key)).toEqual(expectedNftCollections(chain, id));
    }
  });
});

describe('the address list', () => {
  it('walks every address with a balance, richest first', async () => {
    const { items, pages } = await walk(get, '/addresses');
    expect((items as Item[]).map((a) => a.hash)).toEqual(Array.from(chain.richList, (id) => chain.accounts[id]!.hash));
    expect((items as Item[])[0]!.hash).toBe(chain.handles.whale);
    expectFullPages(pages);
  });
});

describe('cursors', () => {
  it('repeating a cursor gives byte-identical bytes', async () => {
    const { pages } = await walk(get, `/addresses/${chain.handles.busyAddress}/transactions`);
    for (const page of pages.slice(0, 5)) expect((await get(page.url)).body).toBe(page.body);
  });
});
