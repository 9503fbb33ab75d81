import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stream } from './stream.js';

const draw = (seed: string, label: string) => {
  const s = stream(seed, label);
  return [s.next(), s.int(0, 1000), s.hex(32), s.bigint(0n, 10n ** 30n), s.uint32()];
};

describe('stream', () => {
  it('gives the same values for the same seed and label', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (seed, label) => {
        expect(draw(seed, label)).toEqual(draw(seed, label));
      }),
    );
  });

  it('does not depend on other streams being drawn in between', () => {
    const alone = draw('7', 'block:3:tx:1');
    const a = stream('7', 'block:3:tx:1');
    const other = stream('7', 'block:3:tx:2');
    other.hex(64);
    const interleaved = [a.next(), (other.next(), a.int(0, 1000)), a.hex(32), a.bigint(0n, 10n ** 30n), a.uint32()];
    expect(interleaved).toEqual(alone);
  });

  it('gives independent streams for different labels and seeds', () => {
    // Independence in the sense that matters here: values of one label carry no information
    // about another's. Check that paired draws are uncorrelated over many label pairs.
    const n = 4000;
    let sx = 0,
      sy = 0,
      sxy = 0,
      sxx = 0,
      syy = 0;
    for (let i = 0; i < n; i++) {
      const x = stream('1', `block:${i}`).next();
      const y = stream('1', `block:${i}:tx:0`).next();
      sx += x;
      sy += y;
      sxy += x * y;
      sxx += x * x;
      syy += y * y;
    }
    const corr = (n * sxy - sx * sy) / Math.sqrt((n * sxx - sx * sx) * (n * syy - sy * sy));
    expect(Math.abs(corr)).toBeLessThan(0.06);
    expect(stream('1', 'a').hex(32)).not.toBe(stream('2', 'a').hex(32));
    expect(stream('1', 'a').hex(32)).not.toBe(stream('1', 'b').hex(32));
    expect(stream('1', '2:x').hex(32)).not.toBe(stream('12', ':x').hex(32));
  });

  it('keeps every draw inside its range', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.integer({ min: -1000, max: 1000 }),
        fc.nat(1000),
        fc.bigInt({ min: 0n, max: 10n ** 40n }),
        (label, min, width, big) => {
          const s = stream('r', label);
          const i = s.int(min, min + width);
          expect(i).toBeGreaterThanOrEqual(min);
          expect(i).toBeLessThanOrEqual(min + width);
          const b = s.bigint(big, big * 2n + 1n);
          expect(b >= big && b <= big * 2n + 1n).toBe(true);
          expect(s.hex(20)).toMatch(/^0x[0-9a-f]{40}$/);
          const w = s.weighted([0, 3, 0, 1]);
          expect([1, 3]).toContain(w);
        },
      ),
    );
  });
});
