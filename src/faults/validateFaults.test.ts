import { describe, expect, it } from 'vitest';
import { validateFaults } from './validateFaults.js';

describe('validateFaults', () => {
  it('takes a latency as whole milliseconds or a low-to-high range', () => {
    expect(validateFaults({ latency: 200 })).toBeUndefined();
    expect(validateFaults({ latency: { min: 100, max: 800 } })).toBeUndefined();
    expect(validateFaults({ latency: -1 })).toMatch(/faults\.latency .* got -1/);
    expect(validateFaults({ latency: 1.5 })).toMatch(/whole milliseconds/);
    expect(validateFaults({ latency: { min: 800, max: 100 } })).toMatch(/min <= max/);
    expect(validateFaults({ latency: 60_001 })).toMatch(/60000/);
  });

  it('names a rate out of range', () => {
    expect(validateFaults({ errorRate: 2 })).toBe('faults.errorRate must be from 0 to 1, got 2');
  });
});
