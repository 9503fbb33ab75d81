import { buildChain } from '../../generators/buildChain.js';
import type { BuildChainOptions } from '../../generators/chainInput.js';
import type { Chain } from '../../src/chain/types.js';
import { openChainSync } from '../../src/snapshotCache/openChain.js';

const opened = new Map<string, Chain>();

/**
 * The chain of a scenario and seed for a test that only reads it, opened from the test run's
 * snapshot cache (`isolatedCache.ts`): the first file of a run that asks builds it and saves its
 * snapshot, every later file loads it in milliseconds instead of building it again (`default`
 * takes seconds). A loaded chain answers every API byte for byte as the built one does
 * (test/cache/identity.test.ts). Once per file and options.
 *
 * Not for tests of the chain builder itself, nor for tests that change the chain they are given:
 * those call `buildChain`.
 */
export function sharedChain(options: BuildChainOptions): Chain {
  const key = JSON.stringify(options);
  let chain = opened.get(key);
  if (!chain) {
    const open = openChainSync(
      { ...options, warn: (message) => process.stderr.write(`sharedChain: ${message}\n`) },
      buildChain,
    );
    open.saveSnapshot();
    chain = open.chain;
    opened.set(key, chain);
  }
  return chain;
}
