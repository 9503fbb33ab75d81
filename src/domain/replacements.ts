import { stream } from '../../generators/random/stream.js';
import type { Chain } from '../chain/types.js';
import type { Facts } from './facts.js';

/** Share of blocks in which one transaction had a cheaper competitor (same sender and nonce) that lost. */
const REPLACED_RATE = 0.2;

/** A transaction's losing competitor: same sender and nonce, 10% cheaper, never mined. */
export interface Replacement {
  /** The transaction it lost to: its index in `chain.transactions`. */
  readonly original: number;
  /** The loser's hash. */
  readonly hash: `0x${string}`;
}

/**
 * The transaction of block `height` that a cheaper one competed with in the mempool, and the
 * loser's hash; a function of (seed, height) alone, so the loser waits in the mempool in front of
 * `height` and is "dropped/replaced" once `height` is mined.
 */
export function replacementAt(chain: Chain, height: number): Replacement | undefined {
  const block = chain.blocks.at(height);
  if (!block || block.type !== 'block' || block.transactionCount === 0) return undefined;
  const rng = stream(chain.seed, `replaced:${height}`);
  if (!rng.chance(REPLACED_RATE)) return undefined;
  const original = block.transactionStart + rng.int(0, block.transactionCount - 1);
  // A transaction a client sent has no made-up competitor: its sender is the client.
  if (chain.transactions.at(original)!.signed) return undefined;
  return { original, hash: rng.hex(32) as `0x${string}` };
}

/** Every dropped/replaced hash of the mined blocks, with the index of the transaction it lost to. */
export const droppedTransactions = (facts: Facts): ReadonlyMap<string, number> =>
  facts.memo.get('dropped-transactions', () => {
    const index = new Map<string, number>();
    for (let height = 1; height <= facts.chain.headHeight; height++) {
      const replaced = replacementAt(facts.chain, height);
      if (replaced) index.set(replaced.hash, replaced.original);
    }
    return index;
  });

/** A price 10% below `wei`: what the losing competitor offered. */
export const cheaper = (wei: bigint): bigint => (wei * 9n) / 10n;
