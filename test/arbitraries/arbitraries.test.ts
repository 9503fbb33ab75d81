import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as arb from '../../src/arbitraries/index.js';
import { blockscoutSchemas, schemas } from '../../src/schemas/index.js';
import {
  everyValue,
  expectCoherentAddress,
  expectCoherentAddressListItem,
  expectCoherentBlock,
  expectCoherentTokenTransfer,
  expectCoherentTransaction,
} from './laws.js';

// The pages (pages.test.ts), the constraint options (options.test.ts) and whole chains
// (chains.test.ts) are in files of their own, so two workers share the suite.
describe('every value is valid', () => {
  const cases: [string, fc.Arbitrary<any>, z.ZodType, ((v: any) => void)?][] = [
    ['addressRef', arb.addressRef(), schemas.addressRef],
    ['address', arb.address(), schemas.address, expectCoherentAddress],
    ['addressListItem', arb.addressListItem(), schemas.addressListItem, expectCoherentAddressListItem],
    ['token', arb.token(), schemas.token],
    ['tokenInstance', arb.tokenInstance(), schemas.tokenInstance],
    ['tokenBalance', arb.tokenBalance(), schemas.addressTokenBalanceItem],
    ['nftCollection', arb.nftCollection(), schemas.nftCollectionItem],
    ['transaction', arb.transaction(), schemas.transaction, expectCoherentTransaction],
    ['tokenTransfer', arb.tokenTransfer(), schemas.tokenTransfer, expectCoherentTokenTransfer],
    ['block', arb.block(), schemas.block, expectCoherentBlock],
    [
      'internalTransaction',
      arb.internalTransaction(),
      schemas.internalTransaction,
      (it) => expect(it.success).toBe(it.error === null),
    ],
    ['withdrawal', arb.withdrawal(), schemas.withdrawal],
    ['smartContract', arb.smartContract(), schemas.smartContract],
    ['errorResponse', arb.errorResponse().map((e) => e.body), schemas.errorBody],
  ];
  it.each(cases)('%s: 1,000 values valid against the schema and the laws', (_, arbitrary, schema, law) =>
    everyValue(arbitrary, schema, law),
  );
});

describe('with profile: blockscout, every value is valid against Blockscout’s schema', () => {
  const profile = 'blockscout' as const;
  const cases: [string, fc.Arbitrary<unknown>, z.ZodType][] = [
    ['addressRef', arb.addressRef({ profile }), blockscoutSchemas.addressRef],
    ['address', arb.address({ profile }), blockscoutSchemas.address],
    ['addressListItem', arb.addressListItem({ profile }), blockscoutSchemas.topAddress],
    ['token', arb.token({ profile }), blockscoutSchemas.token],
    ['tokenInstance', arb.tokenInstance({ profile }), blockscoutSchemas.tokenInstance],
    ['tokenBalance', arb.tokenBalance({ profile }), blockscoutSchemas.tokenBalance],
    ['nftCollection', arb.nftCollection({ profile }), blockscoutSchemas.nftCollection],
    ['transaction', arb.transaction({ profile, status: 'error' }), blockscoutSchemas.transaction],
    ['transaction', arb.transaction({ profile }), blockscoutSchemas.transaction],
    ['tokenTransfer', arb.tokenTransfer({ profile }), blockscoutSchemas.tokenTransfer],
    ['block', arb.block({ profile }), blockscoutSchemas.block],
    ['internalTransaction', arb.internalTransaction({ profile }), blockscoutSchemas.internalTransaction],
    ['withdrawal', arb.withdrawal({ profile }), blockscoutSchemas.withdrawal],
    ['smartContract', arb.smartContract({ profile }), blockscoutSchemas.smartContract],
  ];
  it.each(cases)('%s: 300 values', (_, arbitrary, schema) => everyValue(arbitrary, schema, () => {}, 300));

  it('is typed in Blockscout’s shape and differs from the spec’s where the profiles do', () => {
    const [t] = fc.sample(arb.transaction({ profile, kind: 'token_transfer' }), { numRuns: 1, seed: 3 });
    // Blockscout sends no token transfers inside a listed transaction; the spec embeds them.
    expect(t!.token_transfers).toBeNull();
    const [spec] = fc.sample(arb.transaction({ kind: 'token_transfer' }), { numRuns: 1, seed: 3 });
    expect(spec!.token_transfers).not.toBeNull();
    expect(t!.hash).toBe(spec!.hash);
  });
});

describe('the laws can fail', () => {
  it('an address holding coin whose balance never changed breaks the address law', () => {
    // What address() gave before it was made coherent: a positive balance, never updated.
    const lawless = arb
      .address()
      .filter((a) => a.coin_balance !== '0')
      .map((a) => ({ ...a, block_number_balance_updated_at: null }));
    const details = fc.check(fc.property(lawless, expectCoherentAddress), { numRuns: 100, seed: 42 });
    expect(details.failed).toBe(true);
    expect(String(details.errorInstance)).toMatch(/balance never changed/);
    expect(details.counterexample![0]).toMatchObject({ coin_balance: '1', block_number_balance_updated_at: null });
    expect(() =>
      expectCoherentAddressListItem({
        ...fc.sample(arb.addressListItem(), { numRuns: 1, seed: 1 })[0]!,
        coin_balance: '0',
      }),
    ).toThrow();
  });
});

describe('reproducibility and shrinking', () => {
  it('the same fast-check seed gives the same values', () => {
    for (const a of [
      arb.transaction(),
      arb.block(),
      arb.smartContract(),
      arb.page.addressTransactions({ maxItems: 3 }),
    ] as fc.Arbitrary<unknown>[]) {
      expect(fc.sample(a, { numRuns: 20, seed: 42 })).toEqual(fc.sample(a, { numRuns: 20, seed: 42 }));
    }
  });

  it('a failing property over transaction() shrinks to a small, readable counterexample', () => {
    // A deliberately wrong claim: "no transaction moves tokens".
    const details = fc.check(
      fc.property(arb.transaction(), (t) => t.token_transfers.length === 0),
      { seed: 3, numRuns: 500 },
    );
    expect(details.failed).toBe(true);
    const [counterexample] = details.counterexample!;
    expect(counterexample.token_transfers).toHaveLength(1);
    // Shrunk: one transfer, one-letter names, tiny addresses, the smallest numbers the rules allow.
    expect(JSON.stringify(counterexample).length).toBeLessThan(3_000);
    expect(counterexample).toMatchObject({ block_number: 0, position: 0, nonce: 0, gas_used: '21000', value: '0' });
    expect(counterexample.token_transfers[0]!.total.value).toBe('0');
  });
});
