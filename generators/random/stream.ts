import seedrandom from 'seedrandom';

/**
 * A deterministic random stream. Every random choice in the chain is drawn from a stream
 * derived from (seed, label), so an entity's values depend only on its own label and never on
 * the order in which other entities were built.
 *
 * @example
 * const rng = stream('1', 'block:12:tx:3');
 * rng.int(0, 9); // same value in every process
 */
export interface Stream {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** true with probability p. */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** An index chosen with the given non-negative weights. */
  weighted(weights: readonly number[]): number;
  /** A bigint in [min, max], both inclusive. */
  bigint(min: bigint, max: bigint): bigint;
  /** `bytes` random bytes as lower-case hex with a 0x prefix. */
  hex(bytes: number): `0x${string}`;
  /** A 32-bit unsigned integer, e.g. to seed Faker. */
  uint32(): number;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** The stream for `label` under `seed`. Two different labels give independent streams. */
export function stream(seed: string, label: string): Stream {
  // alea hashes its whole seed string (Mash), so `seed` and `label` both matter; the separator keeps
  // ("1", "2:x") and ("12", ":x") apart.
  const prng = seedrandom.alea(`${seed}\u0000${label}`);
  const next = () => prng.quick();
  const uint32 = () => prng.int32() >>> 0;
  return {
    next,
    uint32,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new RangeError('stream.pick: empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    weighted: (weights) => {
      let total = 0;
      for (const w of weights) total += w;
      let r = next() * total;
      for (let i = 0; i < weights.length; i++) {
        r -= weights[i]!;
        if (r < 0) return i;
      }
      return weights.length - 1;
    },
    bigint: (min, max) => {
      const span = max - min + 1n;
      if (span <= 0n) throw new RangeError('stream.bigint: empty range');
      // 64 fresh bits per word; a bias below 2^-64 per word is irrelevant for synthetic data.
      let r = 0n;
      for (let s = span; s > 0n; s >>= 32n) {
        r = (r << 32n) | BigInt(uint32());
      }
      r = (r << 32n) | BigInt(uint32());
      return min + (r % span);
    },
    hex: (bytes) => {
      let out = '0x';
      for (let i = 0; i < bytes; i += 4) {
        let word = uint32();
        for (let j = 0; j < 4 && i + j < bytes; j++) {
          out += HEX[word & 0xff];
          word >>>= 8;
        }
      }
      return out as `0x${string}`;
    },
  };
}
