import { describe, expect, it } from 'vitest';
import { buildChain } from '../../generators/buildChain.js';
import { tiny } from '../../scenarios/tiny.js';
import { createApi } from '../../src/app/createApi.js';
import type { Chain } from '../../src/chain/types.js';
import { getUrl, walkPages } from '../../src/rest/walkPages.js';
import { PROFILES } from '../../src/schemas/profile.js';
import { expectValidResponse } from '../support/expectValid.js';

type Row = { hash: string; transactions: number; gas: bigint };
const DAY = 86_400;

/**
 * The explorer's aggregate, recomputed from the ledger: the transactions of every block whose time
 * lies in one of `windows` (both ends included; a block in two windows counts twice, as two daily
 * rows do), by callee with code.
 */
function expected(chain: Chain, windows: readonly [number, number][]): Map<string, Row> {
  const rows = new Map<string, Row>();
  for (const [from, to] of windows)
    for (const block of chain.blocks) {
      if (block.timestamp < from || block.timestamp > to) continue;
      for (let t = block.transactionStart; t < block.transactionStart + block.transactionCount; t++) {
        const tx = chain.transactions.at(t)!;
        const callee = chain.accounts[tx.toId];
        if (!callee?.contract || callee.contract.creationStatus === 'failed') continue;
        const row = rows.get(callee.lower) ?? { hash: callee.lower, transactions: 0, gas: 0n };
        row.transactions += 1;
        row.gas += BigInt(tx.gasUsed);
        rows.set(callee.lower, row);
      }
    }
  return rows;
}

/** The windows of a scale at the chain's now (its head's time). */
function windowsOf(chain: Chain, scale: string): [number, number][] {
  const now = chain.blocks.at(chain.headHeight)!.timestamp;
  const seconds = { '5m': 300, '1h': 3_600, '3h': 10_800 }[scale];
  if (seconds !== undefined) return [[now - seconds, now]];
  // Daily rows exist once the chain (its second block) is 30 days old: the whole days before today.
  if (Math.floor((now - chain.blocks.at(1)!.timestamp) / DAY) < 30) return [];
  const today = Math.floor(now / DAY) * DAY;
  const days = { '1d': 1, '7d': 7, '30d': 30 }[scale]!;
  return Array.from({ length: days }, (_, k) => [today - (k + 1) * DAY, today - k * DAY] as [number, number]);
}

const ORDERS = [
  {},
  { sort: 'transactions_count', order: 'asc' },
  { sort: 'transactions_count', order: 'desc' },
  { sort: 'total_gas_used', order: 'asc' },
  { sort: 'total_gas_used', order: 'desc' },
] as const;

/** The order a walk must follow: the asked field first, then transactions and gas descending, then address. */
function compareFor(order: (typeof ORDERS)[number]) {
  const keys: [keyof Row, number][] = [
    ['transactions', -1],
    ['gas', -1],
  ];
  if ('sort' in order) {
    const field = order.sort === 'transactions_count' ? 'transactions' : 'gas';
    keys.splice(
      keys.findIndex(([k]) => k === field),
      1,
    );
    keys.unshift([field, order.order === 'asc' ? 1 : -1]);
  }
  return (a: Row, b: Row) => {
    for (const [key, direction] of keys) if (a[key] !== b[key]) return a[key] < b[key] ? -direction : direction;
    return a.hash < b.hash ? -1 : 1;
  };
}

const cases: { name: string; chain: () => Chain; scales: string[] }[] = [
  ...[1, 2, 3].map((seed) => ({
    name: `tiny, seed ${seed}`,
    chain: () => buildChain({ scenario: 'tiny', seed }),
    scales: ['5m', '1h', '3h', '1d', '30d'],
  })),
  // A day a slot: 48 days, old enough for the daily rows.
  {
    name: 'tiny at a day a slot, seed 1',
    chain: () => buildChain({ scenario: tiny, seed: 1, slotSeconds: DAY }),
    scales: ['5m', '1d', '7d', '30d'],
  },
  // More than a page of contracts called in three hours.
  { name: 'default, seed 1', chain: () => buildChain({ scenario: 'default', seed: 1 }), scales: ['3h'] },
];

describe.each(cases)('/stats/hot-smart-contracts: $name', ({ chain: make, scales }) => {
  const chain = make();
  it.each(PROFILES)(
    'profile %s: every scale and order, walked page by page, is the ledger’s aggregate in that order',
    (profile) => {
      const api = createApi(chain, {
        profile,
        onError: (error) => {
          throw error;
        },
      });
      let paged = false;
      for (const scale of scales) {
        const want = expected(chain, windowsOf(chain, scale));
        for (const order of ORDERS) {
          const first = `/api/v2/stats/hot-smart-contracts?${new URLSearchParams({ scale, ...order })}`;
          const pages = walkPages((url) => {
            const answer = getUrl(api, url);
            expectValidResponse(url, answer.status, answer.body, profile);
            expect(answer.status, url).toBe(200);
            return answer;
          }, first);
          if (pages.length > 1) paged = true;
          for (const page of pages.slice(0, -1)) expect(page.page!.items!.length).toBe(50);
          const got = pages.flatMap((p) => p.page!.items as Record<string, any>[]);
          const rows = got.map((item) => ({
            hash: (item.contract_address.hash as string).toLowerCase(),
            transactions: Number(item.transactions_count),
            gas: BigInt(item.total_gas_used),
          }));
          expect(rows, first).toEqual([...want.values()].sort(compareFor(order)));
          for (const item of got)
            expect(item.balance).toBe(
              String(chain.accounts[chain.accountByHash.get(item.contract_address.hash.toLowerCase())!]!.balance),
            );
        }
      }
      if (chain.headHeight > 500) expect(paged).toBe(true);
    },
    120_000,
  );
});

describe('/stats/hot-smart-contracts refusals', () => {
  const api = createApi(buildChain({ scenario: 'tiny', seed: 1 }), { profile: 'blockscout' });
  it.each([
    ['', '/scale', 'Missing field: scale'],
    ['?scale=2h', '/scale', 'Invalid value for enum'],
    ['?scale=1h&sort=value', '/sort', 'Invalid value for enum'],
    ['?scale=1h&order=up', '/order', 'Invalid value for enum'],
    [
      '?scale=1h&transactions_count=0&total_gas_used=1&contract_address_hash=0x0000000000000000000000000000000000000000',
      '/transactions_count',
      '',
    ],
  ])('%s: 422 at %s', (query, pointer, detail) => {
    const url = `/api/v2/stats/hot-smart-contracts${query}`;
    const answer = getUrl(api, url);
    expect(answer.status).toBe(422);
    expectValidResponse(url, answer.status, answer.body, 'blockscout');
    expect(answer.body).toContain(`"pointer":"${pointer}"`);
    expect(answer.body).toContain(detail);
  });
});
