import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lru } from './lru.js';

describe('lru', () => {
  it('never holds more than its bound and keeps the most recent entries', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c', 'd', 'e'), fc.string({ maxLength: 6 }))), (ops) => {
        const cache = lru<string>(11);
        let held = 0;
        for (const [key, value] of ops) {
          cache.set(key, value);
          expect(cache.get(key)).toBe(value.length + key.length <= 11 ? value : undefined);
          held = 0;
          for (const k of ['a', 'b', 'c', 'd', 'e']) {
            const v = cache.get(k);
            if (v !== undefined) held += v.length + k.length;
          }
          expect(held).toBeLessThanOrEqual(11);
        }
      }),
    );
  });

  it('evicts the least recently used first', () => {
    const cache = lru<string>(9);
    cache.set('a', 'aa');
    cache.set('b', 'bb');
    cache.get('a');
    cache.set('c', 'ccc');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('aa');
    expect(cache.get('c')).toBe('ccc');
  });
});
