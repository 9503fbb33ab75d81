import fc from 'fast-check';
import { decodeFunctionData, parseAbiItem, toFunctionSelector } from 'viem';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { Address, AddressListItem, Block, TokenTransfer, Transaction } from '../../src/schemas/index.js';
import { expectValid } from '../support/expectValid.js';

/** Values an arbitrary draws in a property of this suite. */
export const RUNS = 1_000;

/** Every value of `arbitrary` is valid against `schema` and passes `law` (written once, run for all). */
export function everyValue<T>(
  arbitrary: fc.Arbitrary<T>,
  schema: z.ZodType,
  law: (value: T) => void = () => {},
  runs = RUNS,
) {
  fc.assert(
    fc.property(arbitrary, (value) => {
      expectValid(schema, value);
      law(value);
    }),
    { numRuns: runs },
  );
}

const TIME_MIN = Date.parse('2015-01-01T00:00:00Z');
const TIME_MAX = Date.parse('2036-01-01T00:00:00Z');
const inRange = (iso: string | null) => iso === null || (Date.parse(iso) >= TIME_MIN && Date.parse(iso) < TIME_MAX);

/** The arithmetic and consistency a transaction must show, beyond its schema. */
export function expectCoherentTransaction(t: Transaction): void {
  const gasUsed = BigInt(t.gas_used);
  const price = BigInt(t.gas_price);
  const base = BigInt(t.base_fee_per_gas);
  expect(BigInt(t.fee.value)).toBe(gasUsed * price);
  expect(BigInt(t.transaction_burnt_fee)).toBe(base * gasUsed);
  expect(BigInt(t.priority_fee)).toBe((price - base) * gasUsed);
  expect(gasUsed <= BigInt(t.gas_limit)).toBe(true);
  expect(price >= base).toBe(true);
  // The fee-market types: EIP-1559, blob (EIP-4844) and set-code (EIP-7702) transactions.
  if (t.type === 2 || t.type === 3 || t.type === 4) {
    const [maxFee, tip] = [BigInt(t.max_fee_per_gas!), BigInt(t.max_priority_fee_per_gas!)];
    expect(price).toBe(maxFee < base + tip ? maxFee : base + tip);
  } else expect([t.max_fee_per_gas, t.max_priority_fee_per_gas]).toEqual([null, null]);
  expect(t.status === 'error').toBe(t.revert_reason !== null);
  if (t.status === 'error') expect(t.token_transfers).toEqual([]);
  expect((t.to === null) !== (t.created_contract === null)).toBe(true);
  expect(inRange(t.timestamp)).toBe(true);
  expect(t.confirmations).toBeGreaterThanOrEqual(1);
  if (t.decoded_input) {
    const fn = parseAbiItem(`function ${t.decoded_input.method_call}`) as Parameters<typeof toFunctionSelector>[0];
    expect(toFunctionSelector(fn)).toBe(t.decoded_input.method_id);
    expect(t.raw_input.startsWith(t.decoded_input.method_id)).toBe(true);
    const decoded = decodeFunctionData({ abi: [fn as never], data: t.raw_input as `0x${string}` });
    expect((decoded.args ?? []).length).toBe(t.decoded_input.parameters.length);
    expect(t.method).toBe(t.decoded_input.method_call.slice(0, t.decoded_input.method_call.indexOf('(')));
  }
  for (const transfer of t.token_transfers) expectCoherentTokenTransfer(transfer);
}

export function expectCoherentTokenTransfer(tt: TokenTransfer): void {
  const zero = '0x0000000000000000000000000000000000000000';
  expect(tt.type).toBe(
    tt.from.hash === zero ? 'token_minting' : tt.to.hash === zero ? 'token_burning' : 'token_transfer',
  );
  expect(tt.total.decimals).toBe(tt.token.decimals);
  expect(inRange(tt.timestamp)).toBe(true);
}

export function expectCoherentBlock(b: Block): void {
  const [used, limit, base] = [BigInt(b.gas_used), BigInt(b.gas_limit), BigInt(b.base_fee_per_gas)];
  expect(used <= limit).toBe(true);
  expect(BigInt(b.burnt_fees)).toBe(base * used);
  expect(BigInt(b.total_difficulty) >= BigInt(b.difficulty)).toBe(true);
  expect(b.gas_used_percentage).toBeCloseTo(Number((used * 10_000n) / limit) / 100, 1);
  expect(inRange(b.timestamp)).toBe(true);
  if (b.type !== 'block') expect(b.uncles_hashes).toEqual([]);
}

/**
 * The null rules of an address (behaviour.md): `block_number_balance_updated_at` is null only when
 * the balance never changed, so a positive balance (a genesis allocation counts as block 0) has a
 * height; the creator and the creation transaction come together.
 */
export function expectCoherentAddress(a: Address): void {
  if (a.coin_balance !== null && a.coin_balance !== '0')
    expect(
      a.block_number_balance_updated_at,
      `${a.hash} holds ${a.coin_balance} wei but its balance never changed`,
    ).not.toBeNull();
  if (a.coin_balance === null) expect(a.block_number_balance_updated_at).toBeNull();
  expect(a.creator_address_hash === null).toBe(a.creation_transaction_hash === null);
  if (a.implementation_address !== null) expect(a.is_contract).toBe(true);
}

/** An item of the address list: a coherent address with a positive balance, as only those are listed. */
export function expectCoherentAddressListItem(a: AddressListItem): void {
  expectCoherentAddress(a);
  expect(BigInt(a.coin_balance) > 0n).toBe(true);
}
