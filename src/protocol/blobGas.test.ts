import { describe, expect, it } from 'vitest';
import { BYTES_PER_BLOB, BLOB_BODIES, blobBody, bodyOfVersionedHash, catalogueBlob } from './blobData.js';
import { blobBaseFee, GAS_PER_BLOB, nextExcessBlobGas, PRAGUE_BLOBS } from './blobGas.js';

describe('blob gas (EIP-4844, Prague schedule)', () => {
  it('carries the excess above the target over, never below zero', () => {
    const target = PRAGUE_BLOBS.target * GAS_PER_BLOB;
    expect(nextExcessBlobGas({ blobGasUsed: 0, excessBlobGas: 0 }, PRAGUE_BLOBS)).toBe(0);
    expect(nextExcessBlobGas({ blobGasUsed: 9 * GAS_PER_BLOB, excessBlobGas: 0 }, PRAGUE_BLOBS)).toBe(3 * GAS_PER_BLOB);
    expect(nextExcessBlobGas({ blobGasUsed: 0, excessBlobGas: target + 5 }, PRAGUE_BLOBS)).toBe(5);
  });

  it('prices blob gas at e^(excess / update fraction), at least 1 wei', () => {
    expect(blobBaseFee(0, PRAGUE_BLOBS)).toBe(1n);
    // e^(100,000,000 / 5,007,716) ≈ 4.7e8: the genesis excess's fee, about 0.47 gwei.
    const fee = blobBaseFee(100_000_000, PRAGUE_BLOBS);
    expect(Number(fee)).toBeGreaterThan(4.6e8);
    expect(Number(fee)).toBeLessThan(4.8e8);
    expect(blobBaseFee(100_000_001, PRAGUE_BLOBS)).toBeGreaterThanOrEqual(fee);
  });
});

describe('the blob catalogue', () => {
  it('holds distinct KZG versioned hashes, each naming its body', () => {
    const hashes = Array.from({ length: BLOB_BODIES }, (_, n) => catalogueBlob(n).versionedHash);
    expect(BLOB_BODIES).toBeGreaterThanOrEqual(256);
    expect(new Set(hashes).size).toBe(BLOB_BODIES);
    for (const [n, hash] of hashes.entries()) {
      expect(hash).toMatch(/^0x01[0-9a-f]{62}$/);
      expect(bodyOfVersionedHash(hash)).toBe(n);
    }
    expect(catalogueBlob(7).commitment).toMatch(/^0x[0-9a-f]{96}$/);
    expect(catalogueBlob(7).proof).toMatch(/^0x[0-9a-f]{96}$/);
  });

  it('makes each body the same every time, every field element below the modulus', () => {
    const body = blobBody(3);
    expect(body.length).toBe(BYTES_PER_BLOB);
    expect(blobBody(3)).toEqual(body);
    expect(body.filter((_, j) => j % 32 === 0).every((b) => b === 0)).toBe(true);
  });
});
