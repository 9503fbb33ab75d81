import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as arb from '../../src/arbitraries/index.js';
import { profileSchemas } from '../../src/schemas/profileSchemas.js';
import { buildChain } from '../../generators/buildChain.js';
import { tiny } from '../../scenarios/tiny.js';
import { createApi } from '../../src/app/createApi.js';
import { beaconDepositsOf, PENDING_DEPOSIT_BLOCKS } from '../../src/domain/beaconDeposits.js';
import { factsOf } from '../../src/domain/facts.js';
import { decodeSnapshot, encodeSnapshot } from '../../src/snapshot/snapshot.js';
import { PROFILES } from '../../src/schemas/profile.js';
import { expectValid, expectValidResponse } from '../support/expectValid.js';

type Json = Record<string, any>;

// Busy enough for two pages of deposits: tiny with a deposit and a half a block.
const chain = buildChain({ scenario: { ...tiny, beaconDepositsPerBlock: 1.5 }, seed: 1 });
const hashOf = (ref: Json | null) => (ref === null ? null : (ref.hash as string).toLowerCase());

for (const profile of PROFILES) {
  describe(`beacon deposits, profile ${profile}`, () => {
    const api = createApi(chain, {
      profile,
      onError: (error) => {
        throw error;
      },
    });
    const get = (url: string) => {
      const u = new URL(`http://mock/api/v2${url}`);
      const answer = api(u.pathname, u.searchParams);
      if (answer.status === 200) expectValidResponse(`/api/v2${url}`, answer.status, answer.body, profile);
      return { status: answer.status, body: JSON.parse(answer.body) as Json };
    };
    /** Every item of a list, following next_page_params. */
    const walk = (path: string) => {
      const items: Json[] = [];
      let params: Json | null = null;
      for (let pages = 0; pages < 20; pages++) {
        const url: string = params ? `${path}?${new URLSearchParams(params as Record<string, string>)}` : path;
        const { status, body } = get(url);
        expect(status, url).toBe(200);
        items.push(...body.items);
        params = body.next_page_params;
        if (!params) break;
        expect(Object.keys(params)).toEqual(['index', 'items_count']);
        expect(params.items_count).toBe(items.length);
      }
      return items;
    };

    it('lists every deposit, index descending over pages of 50, and counts them', () => {
      const all = walk('/beacon/deposits');
      expect(all.length).toBeGreaterThan(50);
      expect(all.map((d) => d.index)).toEqual(all.map((_, k) => all.length - 1 - k));
      expect(get('/beacon/deposits/count').body).toEqual({ deposits_count: all.length });
      expect(Object.keys(all[0]!)).toEqual([
        'index',
        'transaction_hash',
        'block_hash',
        'block_number',
        'block_timestamp',
        'pubkey',
        'withdrawal_credentials',
        'withdrawal_address',
        'amount',
        'signature',
        'status',
        'from_address',
      ]);
    });

    it('states what the transaction and its block say, statuses by the rule', () => {
      const all = walk('/beacon/deposits');
      const head = chain.headHeight;
      const statuses = new Set<string>();
      for (const d of all) {
        const tx = get(`/transactions/${d.transaction_hash}`).body;
        expect(hashOf(tx.from)).toBe(hashOf(d.from_address));
        expect(tx.value).toBe(d.amount);
        expect(tx.block_number ?? tx.block).toBe(d.block_number);
        const block = get(`/blocks/${d.block_number}`).body;
        expect(block.hash).toBe(d.block_hash);
        expect(block.timestamp).toBe(d.block_timestamp);
        const type = d.withdrawal_credentials.slice(0, 4);
        expect(hashOf(d.withdrawal_address)).toBe(type === '0x00' ? null : `0x${d.withdrawal_credentials.slice(-40)}`);
        if (d.status !== 'invalid')
          expect(d.status).toBe(d.block_number + PENDING_DEPOSIT_BLOCKS <= head ? 'completed' : 'pending');
        statuses.add(d.status);
      }
      expect([...statuses].sort()).toEqual(['completed', 'invalid', 'pending']);
      const first = all[all.length - 1]!;
      expect(first.transaction_hash).toBe(chain.handles.beaconDeposit);
      expect(first.amount).toBe('32000000000000000000');
    });

    it('lists each block’s, transaction’s and sender’s deposits, and them alone', () => {
      const all = walk('/beacon/deposits');
      const groups = (key: (d: Json) => string) => {
        const map = new Map<string, number[]>();
        for (const d of all) map.set(key(d), [...(map.get(key(d)) ?? []), d.index]);
        return map;
      };
      for (const [block, indexes] of groups((d) => String(d.block_number))) {
        expect(walk(`/blocks/${block}/beacon/deposits`).map((d) => d.index)).toEqual(indexes);
        const hash = all.find((d) => String(d.block_number) === block)!.block_hash;
        expect(walk(`/blocks/${hash}/beacon/deposits`).map((d) => d.index)).toEqual(indexes);
      }
      for (const [tx, indexes] of groups((d) => d.transaction_hash))
        expect(walk(`/transactions/${tx}/beacon/deposits`).map((d) => d.index)).toEqual(indexes);
      const senders = groups((d) => d.from_address.hash);
      expect(senders.size).toBeGreaterThan(1);
      for (const [from, indexes] of senders) {
        expect(walk(`/addresses/${from}/beacon/deposits`).map((d) => d.index)).toEqual(indexes);
        expect(walk(`/addresses/${from.toLowerCase()}/beacon/deposits`).map((d) => d.index)).toEqual(indexes);
      }
      const quiet = [...chain.blocks].find((b) => !all.some((d) => d.block_number === b.height))!;
      expect(get(`/blocks/${quiet.height}/beacon/deposits`).body).toEqual({ items: [], next_page_params: null });
      expect(get(`/addresses/0x${'5e'.repeat(20)}/beacon/deposits`).body).toEqual({
        items: [],
        next_page_params: null,
      });
    });

    it('counts them on an address’s tabs and, in the explorer’s shapes, a block’s detail', () => {
      const all = walk('/beacon/deposits');
      const from = all[0]!.from_address.hash as string;
      const sent = all.filter((d) => d.from_address.hash === from).length;
      expect(get(`/addresses/${from}/tabs-counters`).body.beacon_deposits_count).toBe(Math.min(sent, 51));
      expect(get(`/addresses/0x${'5e'.repeat(20)}/tabs-counters`).body.beacon_deposits_count).toBe(0);
      const block = all[0]!.block_number as number;
      const detail = get(`/blocks/${block}`).body;
      const list = get('/blocks').body.items as Json[];
      if (profile === 'blockscout') {
        expect(detail.beacon_deposits_count).toBe(all.filter((d) => d.block_number === block).length);
        expect(list.every((b) => b.beacon_deposits_count === null)).toBe(true);
        const uncle = [...chain.uncles][0]!;
        expect(get(`/blocks/${uncle.hash}`).body.beacon_deposits_count).toBe(0);
      } else expect(detail).not.toHaveProperty('beacon_deposits_count');
    });

    it('answers as the explorer does where a path or cursor is wrong', () => {
      expect(get(`/transactions/0x${'ab'.repeat(32)}/beacon/deposits`).status).toBe(404);
      expect(get('/transactions/0x12/beacon/deposits').status).toBe(422);
      expect(get(`/blocks/${chain.headHeight + 5}/beacon/deposits`).status).toBe(404);
      expect(get('/addresses/0x12/beacon/deposits').status).toBe(422);
      expect(get('/beacon/deposits?index=abc').status).toBe(422);
      expect(get('/beacon/deposits?index=3').body.items.map((d: Json) => d.index)).toEqual([2, 1, 0]);
    });
  });
}

describe('a snapshot of a chain with deposits', () => {
  it('answers every deposit route byte for byte after a round trip', () => {
    const loaded = decodeSnapshot(Buffer.concat(encodeSnapshot(chain, { key: 'k', version: 'v' })), {
      key: 'k',
      version: 'v',
    }).chain;
    const [before, after] = [createApi(chain, { profile: 'blockscout' }), createApi(loaded, { profile: 'blockscout' })];
    const deposit = beaconDepositsOf(factsOf(chain)).deposits[0]!;
    const urls = [
      '/api/v2/beacon/deposits',
      '/api/v2/beacon/deposits?index=20&items_count=50',
      '/api/v2/beacon/deposits/count',
      `/api/v2/blocks/${deposit.block}/beacon/deposits`,
      `/api/v2/transactions/${chain.transactions.at(deposit.transaction)!.hash}/beacon/deposits`,
      `/api/v2/addresses/${chain.accounts[deposit.fromId]!.hash}/beacon/deposits`,
    ];
    for (const url of urls) {
      const u = new URL(`http://mock${url}`);
      expect(after(u.pathname, u.searchParams).body, url).toBe(before(u.pathname, u.searchParams).body);
    }
  });
});

describe('a chain without beacon deposits', () => {
  it('has no deposit contract and answers empty lists and a count of 0', () => {
    const quiet = buildChain({ scenario: { ...tiny, beaconDepositsPerBlock: 0 }, seed: 1 });
    expect(quiet.accounts.some((a) => a.contract?.kind === 'deposit-contract')).toBe(false);
    expect(quiet.handles.beaconDeposit).toBeUndefined();
    const api = createApi(quiet);
    expect(api('/api/v2/beacon/deposits', new URLSearchParams()).body).toBe('{"items":[],"next_page_params":null}');
    expect(api('/api/v2/beacon/deposits/count', new URLSearchParams()).body).toBe('{"deposits_count":0}');
  });
});

describe('the beacon deposit arbitrary', () => {
  const itemSchema = (profile: (typeof PROFILES)[number]) =>
    (profileSchemas(profile).pages['/beacon/deposits'] as unknown as { shape: { items: { element: z.ZodType } } }).shape
      .items.element;
  for (const profile of PROFILES)
    it(`gives deposits the ${profile} profile's schema accepts, filtered as asked`, () => {
      const schema = itemSchema(profile);
      fc.assert(
        fc.property(arb.beaconDeposit({ profile }), (d) => expectValid(schema, d)),
        { numRuns: 20 },
      );
      for (const status of ['invalid', 'pending', 'completed'] as const)
        fc.assert(
          fc.property(arb.beaconDeposit({ profile, status }), (d) => {
            expectValid(schema, d);
            expect(d.status).toBe(status);
          }),
          { numRuns: 5 },
        );
      fc.assert(
        fc.property(arb.beaconDeposit({ profile, credentials: '0x00' }), (d) => {
          expectValid(schema, d);
          expect(d.withdrawal_credentials.slice(0, 4)).toBe('0x00');
          expect(d.withdrawal_address).toBeNull();
        }),
        { numRuns: 5 },
      );
      fc.assert(
        fc.property(arb.beaconDeposit({ profile, credentials: '0x02' }), (d) => {
          expect(BigInt(d.amount)).toBeGreaterThan(32n * 10n ** 18n);
          expect(d.withdrawal_address.hash.toLowerCase()).toBe(`0x${d.withdrawal_credentials.slice(-40)}`);
        }),
        { numRuns: 5 },
      );
    });
});
