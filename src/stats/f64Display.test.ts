import { describe, expect, it } from 'vitest';
import { decimalRatio } from './decimalRatio.js';
import { f64Display } from './f64Display.js';

describe('f64Display writes a number as Rust writes an f64', () => {
  it.each([
    [3, '3'],
    [0, '0'],
    [-0, '-0'],
    [12.0417, '12.0417'],
    [0.000123, '0.000123'],
    [1e-7, '0.0000001'],
    [1.5e-7, '0.00000015'],
    [-2.5e-10, '-0.00000000025'],
    [0.1 + 0.2, '0.30000000000000004'],
    [1e21, '1000000000000000000000'],
    [1.2345e22, '12345000000000000000000'],
    [-1e21, '-1000000000000000000000'],
    [123456789012345680000, '123456789012345680000'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, 'inf'],
    [Number.NEGATIVE_INFINITY, '-inf'],
  ])('%s → %s', (x, text) => {
    expect(f64Display(x)).toBe(text);
  });

  it('reads back as the same number, without an exponent', () => {
    for (let k = -30; k <= 30; k++) {
      const x = 1.2345678901234567 * 10 ** k;
      const text = f64Display(x);
      expect(text).not.toMatch(/e/i);
      expect(Number(text)).toBe(x);
    }
  });
});

describe('decimalRatio is the double nearest an exact quotient', () => {
  it('divides exact sums', () => {
    expect(decimalRatio(21_000n * 10n ** 9n, 10n ** 18n)).toBe(0.000021);
    expect(decimalRatio(1n, 3n)).toBe(1 / 3);
    expect(decimalRatio(10n ** 30n + 1n, 10n ** 18n)).toBe(1e12);
    expect(decimalRatio(0n, 5n)).toBe(0);
    expect(decimalRatio(7n, 0n)).toBe(0);
    expect(decimalRatio(-1n, 4n)).toBe(-0.25);
  });

  it('is closer than dividing two doubles when the sums exceed 2^53', () => {
    // 0.1 ETH + 1 wei: Number(wei) loses the wei; the exact quotient keeps the right double.
    const wei = 10n ** 17n + 1n;
    expect(decimalRatio(wei, 10n ** 18n)).toBe(0.1);
    expect(decimalRatio(123_456_789_123_456_789_123n, 10n ** 18n)).toBe(123.456789123456789123);
  });
});
