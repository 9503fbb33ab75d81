import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedMemo } from './boundedMemo.js';

describe('boundedMemo', () => {
  it('builds each value once while it is held, and never holds more than its bound', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.array(fc.nat(40), { maxLength: 300 }), (bound, keys) => {
        const memo = boundedMemo(bound);
        let builds = 0;
        for (const key of keys) {
          const value = memo.get(String(key), () => {
            builds++;
            return key * 2;
          });
          expect(value).toBe(key * 2);
          expect(memo.size).toBeLessThanOrEqual(Math.max(2, bound));
        }
        expect(builds).toBeLessThanOrEqual(keys.length);
      }),
    );
  });

  it('keeps null and undefined as values', () => {
    const memo = boundedMemo(10);
    let builds = 0;
    for (let i = 0; i < 3; i++) memo.get('x', () => (builds++, undefined));
    expect(builds).toBe(1);
  });
});
