import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as arb from '../../src/arbitraries/index.js';
import { profileSchemas } from '../../src/schemas/profileSchemas.js';
import { buildChain } from '../../generators/buildChain.js';
import { createApi } from '../../src/app/createApi.js';
import { PROFILES } from '../../src/schemas/profile.js';
import { expectValid, expectValidResponse } from '../support/expectValid.js';

const chain = buildChain({ scenario: 'tiny', seed: 1 });
const PREFIX = '/api/v2/proxy/account-abstraction';

for (const profile of PROFILES) {
  describe(`the account-abstraction proxy, profile ${profile}`, () => {
    const api = createApi(chain, {
      profile,
      onError: (error) => {
        throw error;
      },
    });
    const get = (url: string) => {
      const u = new URL(`http://mock${url}`);
      const answer = api(u.pathname, u.searchParams);
      expectValidResponse(url, answer.status, answer.body, profile);
      return { status: answer.status, body: JSON.parse(answer.body) };
    };
    /** Every item of a list, following next_page_params. */
    const walk = (path: string, size: number) => {
      const items: Record<string, unknown>[] = [];
      let params: { page_token: string; page_size: number } | null = null;
      for (let pages = 0; pages < 100; pages++) {
        const sep = path.includes('?') ? '&' : '?';
        const url: string = params
          ? `${path}${sep}page_size=${size}&page_token=${encodeURIComponent(params.page_token)}`
          : `${path}${sep}page_size=${size}`;
        const { status, body } = get(url);
        expect(status, url).toBe(200);
        expect(body.items.length).toBeLessThanOrEqual(size);
        items.push(...body.items);
        params = body.next_page_params;
        if (!params) break;
        expect(params.page_size).toBe(size);
      }
      return items;
    };
    const hashOf = (ref: unknown) => (typeof ref === 'string' ? ref : (ref as { hash: string }).hash);

    it('lists every operation newest first, page by page, and each one in detail', () => {
      const all = walk(`${PREFIX}/operations`, 50);
      expect(all.length).toBe(13);
      const paged = walk(`${PREFIX}/operations`, 2);
      expect(paged.map((o) => o.hash)).toEqual(all.map((o) => o.hash));
      const blocks = all.map((o) => Number(o.block_number));
      expect(blocks).toEqual([...blocks].sort((a, b) => b - a));
      for (const item of all) {
        const { status, body } = get(`${PREFIX}/operations/${item.hash}`);
        expect(status).toBe(200);
        expect(body.transaction_hash).toBe(item.transaction_hash);
        expect(hashOf(body.sender)).toBe(hashOf(item.address));
        expect(body.fee).toBe(item.fee);
        expect(get(`${PREFIX}/operations/${item.hash}/summary`).status).toBe(200);
      }
      const failed = all.filter((o) => o.status === false);
      expect(failed.length).toBe(2);
      const detail = get(`${PREFIX}/operations/${failed[0]!.hash}`).body;
      // Error(string): "ERC20: transfer amount exceeds balance".
      expect(detail.revert_reason).toMatch(/^0x08c379a0/);
      expect(detail.decoded_call_data.method_call).toMatch(/^execute\(/);
      expect(detail.decoded_execute_call_data.method_call).toBe('transfer(address to, uint256 amount)');
    });

    it('filters operations by sender, bundler, paymaster, factory, entry point and transaction', () => {
      const all = walk(`${PREFIX}/operations`, 50);
      const details = all.map((o) => get(`${PREFIX}/operations/${o.hash}`).body);
      const cases: [string, (d: Record<string, unknown>) => string | null][] = [
        ['sender', (d) => hashOf(d.sender)],
        ['bundler', (d) => hashOf(d.bundler)],
        ['paymaster', (d) => (d.paymaster === null ? null : hashOf(d.paymaster))],
        ['factory', (d) => (d.factory === null ? null : hashOf(d.factory))],
        ['entry_point', (d) => hashOf(d.entry_point)],
        ['transaction_hash', (d) => d.transaction_hash as string],
      ];
      for (const [filter, valueOf] of cases) {
        const value = details.map(valueOf).find((v) => v !== null)!;
        const expected = details.filter((d) => valueOf(d)?.toLowerCase() === value.toLowerCase()).map((d) => d.hash);
        const listed = walk(`${PREFIX}/operations?${filter}=${value.toLowerCase()}`, 3).map((o) => o.hash);
        expect(listed, filter).toEqual(expected);
        expect(listed.length, filter).toBeGreaterThan(0);
      }
    });

    it('lists accounts, bundles, bundlers, paymasters and factories, each consistent with the operations', () => {
      const ops = walk(`${PREFIX}/operations`, 50).map((o) => get(`${PREFIX}/operations/${o.hash}`).body);
      const accounts = walk(`${PREFIX}/accounts`, 2);
      expect(accounts.length).toBe(new Set(ops.map((o) => hashOf(o.sender))).size);
      const addresses = accounts.map((a) => hashOf(a.address).toLowerCase());
      expect(addresses).toEqual([...addresses].sort());
      for (const a of accounts) {
        const one = get(`${PREFIX}/accounts/${hashOf(a.address)}`).body;
        expect(one).toEqual(a);
        expect(a.total_ops).toBe(ops.filter((o) => hashOf(o.sender) === hashOf(a.address)).length);
        if (a.creation_op_hash !== null)
          expect(ops.find((o) => o.hash === a.creation_op_hash)!.factory).toEqual(a.factory);
      }
      const bundles = walk(`${PREFIX}/bundles`, 3);
      expect(bundles.length).toBe(new Set(ops.map((o) => o.transaction_hash)).size);
      expect(bundles.reduce((n, b) => n + (b.total_ops as number), 0)).toBe(ops.length);
      const bundlers = walk(`${PREFIX}/bundlers`, 1);
      expect(bundlers.reduce((n, b) => n + (b.total_ops as number), 0)).toBe(ops.length);
      for (const b of bundlers) expect(get(`${PREFIX}/bundlers/${hashOf(b.address)}`).body).toEqual(b);
      const paymasters = walk(`${PREFIX}/paymasters`, 1);
      expect(paymasters.reduce((n, p) => n + (p.total_ops as number), 0)).toBe(
        ops.filter((o) => o.paymaster !== null).length,
      );
      for (const p of paymasters) expect(get(`${PREFIX}/paymasters/${hashOf(p.address)}`).body).toEqual(p);
      const factories = walk(`${PREFIX}/factories`, 1);
      expect(factories.reduce((n, f) => n + (f.total_accounts as number), 0)).toBe(
        accounts.filter((a) => a.factory !== null).length,
      );
      for (const f of factories) expect(get(`${PREFIX}/factories/${hashOf(f.address)}`).body).toEqual(f);
      expect(get(`${PREFIX}/status`).body.finished_past_indexing).toBe(true);
    });

    it('answers bad input with the indexer’s statuses', () => {
      const cases: [string, number, RegExp][] = [
        [`${PREFIX}/operations/0x12`, 400, /invalid format '0x12' for filter hash/],
        [`${PREFIX}/operations/0x${'ab'.repeat(32)}`, 404, /user operation not found/],
        [`${PREFIX}/operations?sender=nope`, 400, /for filter sender/],
        [`${PREFIX}/operations?page_token=1`, 400, /expected 2 comma-separated values/],
        [`${PREFIX}/operations?page_token=x,0x${'00'.repeat(32)}`, 400, /invalid format 'x' in part #0/],
        [`${PREFIX}/operations?page_size=ten`, 400, /page_size/],
        [`${PREFIX}/accounts/0x${'5e'.repeat(20)}`, 404, /account not found/],
        [`${PREFIX}/bundlers/0x${'5e'.repeat(20)}`, 404, /bundler not found/],
        [`${PREFIX}/paymasters/0x12`, 400, /for filter address/],
      ];
      for (const [url, status, message] of cases) {
        const answer = get(url);
        expect(answer.status, url).toBe(status);
        expect(answer.body.code).toBe(status === 404 ? 5 : 3);
        expect(answer.body.message, url).toMatch(message);
      }
      // An address the indexer has never seen filters to nothing.
      expect(get(`${PREFIX}/operations?sender=0x${'5e'.repeat(20)}`).body).toEqual({
        items: [],
        next_page_params: null,
      });
    });
  });
}

describe('the user-operation arbitraries', () => {
  const schemasOf = (profile: (typeof PROFILES)[number]) => {
    const pages = profileSchemas(profile).pages;
    const aa = '/proxy/account-abstraction';
    const list = (template: string) =>
      (pages[template] as unknown as { shape: { items: { element: z.ZodType } } }).shape.items.element;
    return {
      operation: pages[`${aa}/operations/{operation_hash}`]!,
      inList: list(`${aa}/operations`),
      account: pages[`${aa}/accounts/{address_hash}`]!,
      bundle: list(`${aa}/bundles`),
    };
  };
  for (const profile of PROFILES)
    it(`give values the ${profile} profile's schemas accept, filtered as asked`, () => {
      const s = schemasOf(profile);
      fc.assert(
        fc.property(arb.userOperation({ profile }), (op) => expectValid(s.operation, op)),
        { numRuns: 15 },
      );
      fc.assert(
        fc.property(arb.userOperation({ profile, status: false }), (op) => {
          expectValid(s.operation, op);
          expect(op.status).toBe(false);
          expect(op.revert_reason).toMatch(/^0x08c379a0/);
        }),
        { numRuns: 5 },
      );
      fc.assert(
        fc.property(arb.userOperation({ profile, sponsored: true, entryPointVersion: '0.6' }), (op) => {
          expect(op.sponsor_type).toBe('paymaster_sponsor');
          expect(op.entry_point_version).toBe('v0.6');
          expect(op.raw.call_gas_limit).toBeDefined();
        }),
        { numRuns: 5 },
      );
      fc.assert(
        fc.property(arb.userOperationInList({ profile }), (op) => expectValid(s.inList, op)),
        { numRuns: 10 },
      );
      fc.assert(
        fc.property(arb.userOpsAccount({ profile }), (a) => expectValid(s.account, a)),
        { numRuns: 10 },
      );
      fc.assert(
        fc.property(arb.userOpsBundle({ profile }), (b) => expectValid(s.bundle, b)),
        { numRuns: 10 },
      );
    });
});
