import { describe, expect, it } from 'vitest';
import { isoTimestamp } from '../views/isoTimestamp.js';
import { marketValue, unitsToDecimal } from './amounts.js';

describe('amounts and timestamps', () => {
  it('prints timestamps with microseconds', () => {
    expect(isoTimestamp(1_704_067_212)).toBe('2024-01-01T00:00:12.000000Z');
  });
  it('prints units as decimals', () => {
    expect(unitsToDecimal(1_500_000n, 6)).toBe('1.5');
    expect(unitsToDecimal(42n, 0)).toBe('42');
    expect(unitsToDecimal(5n, 3)).toBe('0.005');
    expect(unitsToDecimal(0n, 18)).toBe('0');
  });
  it('prices amounts', () => {
    expect(marketValue('2.5', 3n * 10n ** 18n, 18)).toBe('7.5');
    expect(marketValue('0.0001', 10n ** 6n, 6)).toBe('0.0001');
  });
});
