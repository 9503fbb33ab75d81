import { describe, expect, it } from 'vitest';
import { lawsOfChain } from '../support/etherscanV2Laws.js';

// Beside test/api/etherscanV2.laws.test.ts (seed 1, the fast project's): more seeds, a bigger chain.
describe("Etherscan's API v2 states the facts REST v2 and the node state, on more chains", () => {
  it.each([2, 'v2'])(
    'tiny, seed %s; then mined on, and after a send through the proxy module',
    async (seed) => {
      const { violations, checked } = await lawsOfChain('tiny', seed);
      expect(violations).toEqual([]);
      expect(checked[0]).toBeGreaterThan(600);
    },
    120_000,
  );
});
