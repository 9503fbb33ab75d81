import { describe, expect, it } from 'vitest';
import { lawsOfChain } from '../support/etherscanV2Laws.js';

// One seed here, for the edit loop; test/etherscanV2/laws.test.ts runs two more and the default scenario.
describe("Etherscan's API v2 states the facts REST v2 and the node state", () => {
  it('tiny, seed 1; then mined on, and after a send through the proxy module', async () => {
    const { violations, checked } = await lawsOfChain('tiny', 1);
    expect(violations).toEqual([]);
    expect(checked[0]).toBeGreaterThan(600);
    expect(checked[1]).toBeGreaterThan(60);
  }, 60_000);
});
