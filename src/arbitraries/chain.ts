import fc from 'fast-check';
import { buildChain } from '../../generators/buildChain.js';
import type { Scenario } from '../../scenarios/types.js';
import { findScenario } from '../../scenarios/index.js';
import type { Chain } from '../chain/types.js';

export interface ChainOptions {
  /** Consensus blocks (at least 40; default 40–60). */
  readonly blocks?: { readonly min: number; readonly max: number };
  /** Mean random transactions per block (default 2–6). */
  readonly transactionsPerBlock?: { readonly min: number; readonly max: number };
}

/**
 * A whole small coherent chain, built by the same builder the server uses from a fast-check
 * drawn seed and size: for model-based tests of clients that cache or join data across endpoints.
 * Serve it with `createApi(chain)`.
 */
export const chain = (options: ChainOptions = {}): fc.Arbitrary<Chain> => {
  const blocks = options.blocks ?? { min: 40, max: 60 };
  const perBlock = options.transactionsPerBlock ?? { min: 2, max: 6 };
  if (blocks.min < 40) throw new RangeError(`chain: blocks.min must be at least 40, got ${blocks.min}`);
  const tiny = findScenario('tiny')!;
  return fc
    .record({
      seed: fc.string({ minLength: 1, maxLength: 8 }),
      blocks: fc.integer(blocks),
      transactionsPerBlock: fc.integer(perBlock),
      accounts: fc.integer({ min: 12, max: 40 }),
    })
    .map(({ seed, ...size }) => {
      const scenario: Scenario = { ...tiny, name: 'arbitrary', description: 'A chain drawn by fast-check.', ...size };
      return buildChain({ scenario, seed });
    });
};
