import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HashIndex } from './hashIndex.js';

const hash = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => `0x${Buffer.from(b).toString('hex')}`);

describe('HashIndex', () => {
  it('finds every hash it holds and nothing else', () => {
    fc.assert(
      fc.property(fc.uniqueArray(hash, { maxLength: 300 }), hash, (hashes, other) => {
        const index = new HashIndex(hashes.map((h) => ({ hash: h })));
        hashes.forEach((h, i) => expect(index.get(h)).toBe(i));
        if (!hashes.includes(other)) expect(index.get(other)).toBeUndefined();
        expect(index.get('0xzz')).toBeUndefined();
        expect(index.get(`0x${'g'.repeat(64)}`)).toBeUndefined();
      }),
    );
  });

  it('handles hashes that collide on their first bytes', () => {
    const hashes = Array.from({ length: 50 }, (_, i) => `0x${'ab'.repeat(8)}${i.toString(16).padStart(48, '0')}`);
    const index = new HashIndex(hashes.map((h) => ({ hash: h })));
    hashes.forEach((h, i) => expect(index.get(h)).toBe(i));
  });
});
