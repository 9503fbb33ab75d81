import fc from 'fast-check';
import * as Hash from 'ox/Hash';
import * as Hex from 'ox/Hex';
import { describe, expect, it } from 'vitest';
import {
  depositRoot,
  fromLittleEndian64,
  isWellFormedSignature,
  littleEndian64,
  withdrawalAddressOf,
} from './beaconDeposit.js';

const zero = `0x${'00'.repeat(32)}` as const;
const sha = (a: `0x${string}`, b: `0x${string}`) => Hash.sha256(Hex.concat(a, b));

/** The root of the deposit tree computed level by level, odd nodes paired with the level's zero hash (SSZ's list root). */
function naiveRoot(leaves: readonly `0x${string}`[]): `0x${string}` {
  let level = [...leaves];
  let zeroHash: `0x${string}` = zero;
  for (let h = 0; h < 32; h++) {
    const next: `0x${string}`[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(sha(level[i]!, level[i + 1] ?? zeroHash));
    level = next;
    zeroHash = sha(zeroHash, zeroHash);
  }
  return Hash.sha256(Hex.concat(level[0] ?? zeroHash, littleEndian64(BigInt(leaves.length)), `0x${'00'.repeat(24)}`));
}

describe('the deposit contract’s encodings', () => {
  it('writes uint64s as eight little-endian bytes, and reads them back', () => {
    expect(littleEndian64(32_000_000_000n)).toBe('0x0040597307000000');
    expect(littleEndian64(1n)).toBe('0x0100000000000000');
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), (n) => fromLittleEndian64(littleEndian64(n)) === n),
    );
  });

  it('has mainnet’s empty deposit root, and the root of any leaves the whole tree gives', () => {
    expect(depositRoot([])).toBe('0xd70a234731285c6804c2a4f56711ddb8c82c99740f207854891028af34e27e5e');
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ minLength: 32, maxLength: 32 }), { maxLength: 70 }), (leaves) => {
        const hex = leaves.map((l) => Hex.fromBytes(l));
        expect(depositRoot(hex)).toBe(naiveRoot(hex));
      }),
      { numRuns: 30 },
    );
  });

  it('reads the withdrawal address of 0x01 and 0x02 credentials only, and the signature flags', () => {
    const address = 'c3918153eb8a7ce2586e3ca6413632e768ca5ef1';
    expect(withdrawalAddressOf(`0x01${'00'.repeat(11)}${address}`)).toBe(`0x${address}`);
    expect(withdrawalAddressOf(`0x02${'00'.repeat(11)}${address}`)).toBe(`0x${address}`);
    expect(withdrawalAddressOf(`0x00${'ab'.repeat(31)}`)).toBeNull();
    expect(isWellFormedSignature(`0xa0${'00'.repeat(95)}`)).toBe(true);
    expect(isWellFormedSignature(`0xc0${'00'.repeat(95)}`)).toBe(false); // the point at infinity
    expect(isWellFormedSignature(`0x20${'00'.repeat(95)}`)).toBe(false); // not compressed
  });
});
