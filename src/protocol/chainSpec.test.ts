import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextBaseFee } from './chainSpec.js';

describe('nextBaseFee', () => {
  it('follows the EIP-1559 examples', () => {
    const gasLimit = 30_000_000;
    const baseFeePerGas = 1_000_000_000n;
    expect(nextBaseFee({ baseFeePerGas, gasLimit, gasUsed: 15_000_000 })).toBe(1_000_000_000n);
    expect(nextBaseFee({ baseFeePerGas, gasLimit, gasUsed: 30_000_000 })).toBe(1_125_000_000n);
    expect(nextBaseFee({ baseFeePerGas, gasLimit, gasUsed: 0 })).toBe(875_000_000n);
    expect(nextBaseFee({ baseFeePerGas: 7n, gasLimit, gasUsed: 15_000_001 })).toBe(8n);
  });

  it('moves by at most one eighth (gas limits are even, as real ones are)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.integer({ min: 2_500, max: 30_000_000 }).map((half) => half * 2),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (fee, gasLimit, fill) => {
          const next = nextBaseFee({ baseFeePerGas: fee, gasLimit, gasUsed: Math.floor(gasLimit * fill) });
          expect(next * 8n >= fee * 7n).toBe(true);
          expect(next <= fee + fee / 8n + 1n).toBe(true);
        },
      ),
    );
  });
});
