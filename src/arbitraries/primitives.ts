import fc from 'fast-check';
import * as Address from 'ox/Address';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** An EIP-55 checksummed address; shrinks towards the zero address. */
export const addressHash = (): fc.Arbitrary<`0x${string}`> =>
  fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => Address.checksum(`0x${hex(b)}`));

/** A lower-case 32-byte hash; shrinks towards zero. */
const hash32 = (): fc.Arbitrary<`0x${string}`> =>
  fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => `0x${hex(b)}` as const);

export const transactionHash = hash32;
export const blockHash = hash32;

/** A wei amount: small ones often, up to 10^30. */
export const wei = (max = 10n ** 30n) => fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 6n }), fc.bigInt({ min: 0n, max }));

/** Unix seconds between 2015 and 2035, at 12-second slots. */
export const slotTimestamp = () => fc.integer({ min: 119_743_000, max: 171_390_000 }).map((slot) => slot * 12);

/**
 * The characters of a label. One arbitrary for every label: fast-check caches, per unit arbitrary,
 * the slices it draws strings from, and computing them took most of a label's time when each call
 * made its own (arbitraries are built inside `chain`, once per value drawn).
 */
const LABEL_UNIT = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-'.split(''));

/** Short human text: names, symbols, tags. */
export const label = (maxLength = 24) => fc.string({ unit: LABEL_UNIT, minLength: 1, maxLength });

/** A decimal price such as `1` or `3141.59`. */
export const price = () =>
  fc
    .tuple(fc.nat(100_000), fc.nat(99))
    .map(([whole, cents]) => (cents ? `${whole}.${String(cents).padStart(2, '0').replace(/0$/, '')}` : String(whole)));

/** Bytes as lower-case hex. */
export const hexBytes = (maxLength = 64) => fc.uint8Array({ maxLength }).map((b) => `0x${hex(b)}` as const);
