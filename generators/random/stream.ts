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

// One buffer reused by every `hex` call: hashes are drawn millions of times.
let scratch = Buffer.alloc(68);

interface Prng {
  quick(): number;
  int32(): number;
}

// Methods live on one shared prototype so that a stream costs one small object beside its
// generator: the chain builder makes a stream per transaction, millions of them.
const methods: Stream & { readonly prng: Prng } = {
  prng: undefined as unknown as Prng,
  next() {
    return this.prng.quick();
  },
  uint32() {
    return this.prng.int32() >>> 0;
  },
  int(min, max) {
    return min + Math.floor(this.prng.quick() * (max - min + 1));
  },
  chance(p) {
    return this.prng.quick() < p;
  },
  pick(items) {
    if (items.length === 0) throw new RangeError('stream.pick: empty list');
    return items[Math.floor(this.prng.quick() * items.length)] as (typeof items)[number];
  },
  weighted(weights) {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.prng.quick() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i]!;
      if (r < 0) return i;
    }
    return weights.length - 1;
  },
  bigint(min, max) {
    const span = max - min + 1n;
    if (span <= 0n) throw new RangeError('stream.bigint: empty range');
    // 32 more bits than the span needs: the modulo bias is below 2^-32.
    let r = 0n;
    for (let s = span; s > 0n; s >>= 32n) r = (r << 32n) | BigInt(this.uint32());
    r = (r << 32n) | BigInt(this.uint32());
    return min + (r % span);
  },
  hex(bytes) {
    if (scratch.length < bytes + 4) scratch = Buffer.alloc(bytes + 4);
    for (let i = 0; i < bytes; i += 4) scratch.writeUInt32LE(this.uint32(), i);
    return `0x${scratch.toString('hex', 0, bytes)}` as `0x${string}`;
  },
};

/** The stream for `label` under `seed`. Two different labels give independent streams. */
export function stream(seed: string, label: string): Stream {
  // alea hashes its whole seed string (Mash), so `seed` and `label` both matter; the separator keeps
  // ("1", "2:x") and ("12", ":x") apart.
  const s = Object.create(methods) as { prng: Prng };
  s.prng = seedrandom.alea(`${seed}\u0000${label}`);
  return s as unknown as Stream;
}
