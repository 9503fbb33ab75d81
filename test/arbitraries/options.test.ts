import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as arb from '../../src/arbitraries/index.js';
import { RUNS } from './laws.js';

describe('constraint options are honoured across 1,000 values', () => {
  const sample = <T>(a: fc.Arbitrary<T>) => fc.sample(a, { numRuns: RUNS, seed: 7 });
  it('transaction({ status })', () => {
    expect(
      sample(arb.transaction({ status: 'error' })).every(
        (t) => t.status === 'error' && t.revert_reason !== null && t.token_transfers.length === 0,
      ),
    ).toBe(true);
    expect(sample(arb.transaction({ status: 'ok' })).every((t) => t.status === 'ok' && t.revert_reason === null)).toBe(
      true,
    );
  });
  it('transaction({ kind })', () => {
    expect(
      sample(arb.transaction({ kind: 'contract_creation' })).every(
        (t) => t.to === null && t.created_contract !== null && t.transaction_types.includes('contract_creation'),
      ),
    ).toBe(true);
    expect(
      sample(arb.transaction({ kind: 'coin_transfer', status: 'ok' })).every(
        (t) => t.decoded_input === null && t.raw_input === '0x' && t.transaction_types.includes('coin_transfer'),
      ),
    ).toBe(true);
    expect(
      sample(arb.transaction({ kind: 'contract_call' })).every(
        (t) => t.decoded_input !== null && t.transaction_types.includes('contract_call'),
      ),
    ).toBe(true);
    expect(
      sample(arb.transaction({ kind: 'token_transfer', status: 'ok' })).every(
        (t) => t.token_transfers.length > 0 && t.transaction_types.includes('token_transfer'),
      ),
    ).toBe(true);
  });
  it('tokenTransfer({ tokenType }) and tokenInstance({ tokenType })', () => {
    for (const type of ['ERC-20', 'ERC-721', 'ERC-1155', 'ERC-404'] as const)
      expect(sample(arb.tokenTransfer({ tokenType: type })).every((t) => t.token.type === type)).toBe(true);
    expect(
      sample(arb.tokenInstance({ tokenType: 'ERC-1155' })).every((t) => t.token.type === 'ERC-1155' && !t.is_unique),
    ).toBe(true);
  });
  it('block({ type })', () => {
    for (const type of ['block', 'uncle', 'reorg'] as const)
      expect(sample(arb.block({ type })).every((b) => b.type === type)).toBe(true);
  });
  it('smartContract({ verified })', () => {
    expect(
      sample(arb.smartContract({ verified: false })).every(
        (c) => Object.keys(c).length === 4 && c.is_verified === false,
      ),
    ).toBe(true);
    expect(sample(arb.smartContract({ verified: true })).every((c) => c.is_verified && 'source_code' in c)).toBe(true);
  });
  it('address({ kind }) and page({ last, empty })', () => {
    expect(
      sample(arb.address({ kind: 'proxy' })).every((a) => a.implementation_address !== null && a.is_contract),
    ).toBe(true);
    expect(sample(arb.address({ kind: 'eoa' })).every((a) => a.creator_address_hash === null)).toBe(true);
    expect(
      fc
        .sample(arb.page.blocks({ last: true, maxItems: 3 }), { numRuns: 200 })
        .every((p) => p.next_page_params === null),
    ).toBe(true);
    expect(
      fc
        .sample(arb.page.blocks({ empty: true }), { numRuns: 200 })
        .every((p) => p.items.length === 0 && p.next_page_params === null),
    ).toBe(true);
  });
});
