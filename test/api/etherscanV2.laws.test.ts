import { describe, expect, it } from 'vitest';
import { createHandler, type MockHandler } from '../../src/handler/createHandler.js';
import { rpc, signed } from '../wallet/sendHelpers.js';
import { testKey } from '../../src/chain/testKeys.js';
import { v2Violations } from '../support/etherscanV2Laws.js';

/** The addresses a law walks: every handle that names an address, and the first accounts. */
function sampleOf(handler: MockHandler) {
  const { chain } = handler;
  const handles = Object.values(chain.handles).filter((h) => /^0x[0-9a-fA-F]{40}$/.test(h));
  const addresses = [...new Set([...handles, ...chain.accounts.slice(0, 12).map((a) => a.hash)])];
  return { addresses, paged: [chain.handles.whale!, chain.handles.busyAddress!].filter(Boolean) };
}

async function violations(handler: MockHandler) {
  const { violations, checked } = await v2Violations(handler, handler.chain.chainId, sampleOf(handler));
  expect(checked).toBeGreaterThan(300);
  return violations;
}

describe("Etherscan's API v2 states the facts REST v2 and the node state", () => {
  it.each([1, 2, 'v2'])(
    'tiny, seed %s; then mined on, and after a send',
    async (seed) => {
      const handler = createHandler({ scenario: 'tiny', seed, cache: false, profile: 'blockscout' });
      expect(await violations(handler)).toEqual([]);
      handler.mine(2);
      const key = testKey(0);
      const raw = await signed(handler, key.privateKey, { value: 10n ** 15n });
      expect((await rpc(handler, 'eth_sendRawTransaction', [raw])).json.result).toMatch(/^0x/);
      expect(await violations(handler)).toEqual([]);
    },
    120_000,
  );
});
