import { describe, expect, it } from 'vitest';
import { buildChain } from '../../generators/buildChain.js';
import { tiny } from '../../scenarios/tiny.js';
import { createApi } from '../../src/app/createApi.js';
import type { Chain } from '../../src/chain/types.js';
import { BLOCK_TRANSACTION_TYPES } from '../../src/schemas/endpoints.js';
import { getUrl, walkPages } from '../../src/rest/walkPages.js';
import { PROFILES } from '../../src/schemas/profile.js';
import { expectValidResponse } from '../support/expectValid.js';

type Json = Record<string, any>;

/** Every item of a list, walked page by page as a client does; every page a valid 200. */
function walkAll(api: ReturnType<typeof createApi>, profile: (typeof PROFILES)[number], url: string) {
  const pages = walkPages((u) => {
    const answer = getUrl(api, u);
    expectValidResponse(u, answer.status, answer.body, profile);
    return answer;
  }, url);
  for (const p of pages) expect(p.answer.status, p.url).toBe(200);
  return { pages: pages.length, items: pages.flatMap((p) => (p.page?.items ?? []) as Json[]) };
}

/** The blocks a law runs over: every block of a small chain, the busiest of a large one. */
const blocksOf = (chain: Chain, busiest?: number): number[] => {
  const heights = [...chain.blocks].filter((b) => b.transactionCount > 0).map((b) => b.height);
  if (busiest === undefined) return heights;
  const count = (h: number) => chain.blocks.at(h)!.transactionCount;
  return heights.sort((a, b) => count(b) - count(a) || a - b).slice(0, busiest);
};

const cases: { name: string; chain: () => Chain; busiest?: number }[] = [
  ...[1, 2, 3].map((seed) => ({ name: `tiny, seed ${seed}`, chain: () => buildChain({ scenario: 'tiny', seed }) })),
  // Blocks of more than a page of one kind (about 150 calls of contracts), so the filtered lists page too.
  {
    name: 'tiny at 120 transactions a block, seed 1 (busiest blocks)',
    chain: () => buildChain({ scenario: { ...tiny, name: 'busy-tiny', transactionsPerBlock: 120 }, seed: 1 }),
    busiest: 6,
  },
];

describe.each(cases)('a block’s transactions filtered by type: $name', ({ chain: make, busiest }) => {
  const chain = make();
  it.each(PROFILES)(
    'profile %s: each kind’s rows are the unfiltered walk through the same predicate, in order, paged',
    (profile) => {
      const api = createApi(chain, {
        profile,
        onError: (error) => {
          throw error;
        },
      });
      let paged = 0;
      let kept = 0;
      for (const height of blocksOf(chain, busiest)) {
        const all = walkAll(api, profile, `/api/v2/blocks/${height}/transactions`).items;
        expect(all.length).toBe(chain.blocks.at(height)!.transactionCount);
        for (const kind of BLOCK_TRANSACTION_TYPES) {
          const filtered = walkAll(api, profile, `/api/v2/blocks/${height}/transactions?type=${kind}`);
          const expected = all.filter((t) => (t.transaction_types as string[]).includes(kind));
          expect(
            filtered.items.map((t) => t.hash),
            `${height} ${kind}`,
          ).toEqual(expected.map((t) => t.hash));
          expect(filtered.items).toEqual(expected);
          if (filtered.pages > 1) paged += 1;
          kept += filtered.items.length;
        }
      }
      expect(kept).toBeGreaterThan(0);
      if (busiest !== undefined) expect(paged).toBeGreaterThan(0);
    },
    120_000,
  );
});

describe('the type filters the explorer’s schemas refuse', () => {
  const chain = buildChain({ scenario: 'tiny', seed: 1 });
  const block = [...chain.blocks].find((b) => b.transactionCount > 1)!.height;
  it.each(PROFILES)('profile %s: 422 at /type, as OpenApiSpex’s enum answers', (profile) => {
    const api = createApi(chain, { profile });
    const refused = [
      `/api/v2/blocks/${block}/transactions?type=token_transfer,coin_transfer`,
      `/api/v2/blocks/${block}/transactions?type=[token_transfer]`,
      `/api/v2/blocks/${block}/transactions?type=nft_transfer`,
      '/api/v2/transactions?type=token_transfer',
      '/api/v2/transactions?type=blob_transaction,token_transfer',
      '/api/v2/transactions?filter=pending&type=contract_call',
    ];
    for (const url of refused) {
      const answer = getUrl(api, url);
      expect(answer.status, url).toBe(422);
      expectValidResponse(url, answer.status, answer.body, profile);
      expect(answer.body, url).toContain('"pointer":"/type"');
      expect(answer.body, url).toContain('Invalid value for enum');
    }
  });

  it('`type=blob_transaction` keeps the blob transactions on a chain with blobs (the explorer’s ethereum chain type), in the main list and a block’s', () => {
    const api = createApi(chain, { profile: 'blockscout' });
    const all = walkAll(api, 'blockscout', '/api/v2/transactions');
    const blob = walkAll(api, 'blockscout', '/api/v2/transactions?type=blob_transaction');
    expect(blob.items.length).toBeGreaterThan(0);
    expect(blob.items).toEqual(all.items.filter((t: Json) => t.type === 3));
    expect(blob.items.every((t: Json) => t.transaction_types.includes('blob_transaction'))).toBe(true);
    const height = blob.items[0]!.block_number;
    const tab = walkAll(api, 'blockscout', `/api/v2/blocks/${height}/transactions?type=blob_transaction`);
    const inBlock = walkAll(api, 'blockscout', `/api/v2/blocks/${height}/transactions`);
    expect(tab.items).toEqual(inBlock.items.filter((t: Json) => t.type === 3));
  });
});
