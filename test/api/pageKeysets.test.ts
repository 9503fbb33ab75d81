import { beforeAll, describe, expect, it } from 'vitest';
import type { Chain } from '../../src/chain/types.js';
import { inProcess } from '../support/inProcess.js';
import { type Get, walk } from '../support/walk.js';
import { sharedChain } from '../support/sharedChain.js';

let chain: Chain;
let get: Get;
type Item = Record<string, any>;

beforeAll(() => {
  chain = sharedChain({ scenario: 'default', seed: 1 });
  get = inProcess(chain);
});

/** Pages of 50 but the last, and `items_count` running on. */
function expectKeysetPages(pages: Awaited<ReturnType<typeof walk>>['pages']) {
  pages.forEach((page, i) => {
    if (i === pages.length - 1) return expect(page.next).toBeNull();
    expect(page.items).toHaveLength(50);
    expect(page.next!.items_count).toBe(50 * (i + 1));
  });
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe("the explorer's keyset cursors on the pages' lists", () => {
  it('/addresses/{h}/nft walks the collector’s NFTs over three pages: by type, contract ascending, id descending', async () => {
    const hash = chain.handles.nftCollector!;
    const { items, pages } = await walk(get, `/addresses/${hash}/nft`);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expectKeysetPages(pages);
    const rank = ['ERC-721', 'ERC-1155', 'ERC-404'];
    const keys = (items as Item[]).map((i) => ({
      rank: rank.indexOf(i.token_type),
      token: (i.token.address_hash as string).toLowerCase(),
      id: BigInt(i.id),
    }));
    for (let k = 1; k < keys.length; k++) {
      const [a, b] = [keys[k - 1]!, keys[k]!];
      expect(a.rank - b.rank || cmp(a.token, b.token) || (a.id > b.id ? -1 : 1)).toBeLessThan(0);
    }
    // The same NFTs as its collections list (each of its collections holds fewer than 10 instances).
    const collections = (await walk(get, `/addresses/${hash}/nft/collections`)).items as Item[];
    const fromCollections = collections
      .flatMap((c) => (c.token_instances as Item[]).map((x) => `${c.token.address_hash}:${x.id}`))
      .sort();
    expect((items as Item[]).map((i) => `${i.token.address_hash}:${i.id}`).sort()).toEqual(fromCollections);
    const erc1155 = await walk(get, `/addresses/${hash}/nft`, { type: 'ERC-1155' });
    expect((erc1155.items as Item[]).every((i) => i.token_type === 'ERC-1155')).toBe(true);
    expect(erc1155.items.length).toBe(keys.filter((k) => k.rank === 1).length);
  });

  it('/tokens walks every token in the explorer’s order: market cap, fiat value, holders, name, address', async () => {
    const { items, pages } = await walk(get, '/tokens');
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expectKeysetPages(pages);
    const tokens = chain.accounts.filter((a) => a.contract?.token && a.contract.creationStatus !== 'failed');
    expect((items as Item[]).map((t) => t.address_hash).sort()).toEqual(tokens.map((a) => a.hash).sort());
    const num = (v: string | null) => (v === null ? null : Number(v));
    const desc = (a: number | null, b: number | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : b - a);
    for (let k = 1; k < items.length; k++) {
      const [a, b] = [items[k - 1] as Item, items[k] as Item];
      const order =
        desc(num(a.circulating_market_cap), num(b.circulating_market_cap)) ||
        desc(num(a.exchange_rate), num(b.exchange_rate)) ||
        Number(b.holders_count) - Number(a.holders_count) ||
        cmp(a.name, b.name) ||
        cmp(a.address_hash.toLowerCase(), b.address_hash.toLowerCase());
      expect(order, `${a.name} before ${b.name}`).toBeLessThan(0);
    }
    const nfts = await walk(get, '/tokens', { type: 'ERC-721' });
    expect(nfts.items.length).toBe(tokens.filter((a) => a.contract!.token!.type === 'ERC-721').length);
  });

  it('/tokens/{h}/holders walks every holder of the most held ERC-20: value, then address, descending', async () => {
    const erc20 = chain.accounts
      .filter((a) => a.contract?.token?.type === 'ERC-20')
      .sort((a, b) => b.contract!.token!.holdersCount - a.contract!.token!.holdersCount)[0]!;
    const { items, pages } = await walk(get, `/tokens/${erc20.hash}/holders`);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expectKeysetPages(pages);
    const expected: [string, bigint][] = [];
    for (let holder = 0; holder < chain.indexes.length; holder++) {
      const value = chain.indexes
        .at(holder)!
        .holdings.filter((h) => h.tokenId === erc20.id)
        .reduce((s, h) => s + h.value, 0n);
      if (value > 0n) expected.push([chain.accounts[holder]!.lower, value]);
    }
    expected.sort(([a, x], [b, y]) => (x !== y ? (x > y ? -1 : 1) : -cmp(a, b)));
    expect((items as Item[]).map((h) => `${h.address.hash.toLowerCase()}:${h.value}`)).toEqual(
      expected.map(([a, v]) => `${a}:${v}`),
    );
    expect(items.length).toBe(erc20.contract!.token!.holdersCount);
  });
});
