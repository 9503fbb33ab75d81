import { stream } from '../../generators/random/stream.js';
import type { Chain } from '../chain/types.js';
import type { Profile } from '../views/context.js';
import { pendingForm } from '../views/pendingTransaction.js';

type Json = Record<string, any>;

/** Share of blocks in which one transaction had a cheaper competitor (same sender and nonce) that lost. */
const REPLACED_RATE = 0.2;

/**
 * The transaction of block `height` that a cheaper one (same sender, same nonce, 10% lower price)
 * competed with in the mempool, and the loser's hash; a function of (seed, height) alone, so the
 * loser waits in the mempool in front of `height` and is "dropped/replaced" once `height` is mined.
 */
export function replacementAt(
  chain: Chain,
  height: number,
): { readonly original: number; readonly hash: string } | undefined {
  const block = chain.blocks.at(height);
  if (!block || block.type !== 'block' || block.transactionCount === 0) return undefined;
  const rng = stream(chain.seed, `replaced:${height}`);
  if (!rng.chance(REPLACED_RATE)) return undefined;
  return { original: block.transactionStart + rng.int(0, block.transactionCount - 1), hash: rng.hex(32) };
}

const cheaper = (wei: string | null) => (wei === null ? null : String((BigInt(wei) * 9n) / 10n));

/** The losing competitor of a transaction (given as the explorer shows it mined): pending while its block is not mined, then dropped/replaced. */
export function replacedForm(mined: Json, hash: string, profile: Profile, detail: boolean, dropped: boolean): Json {
  const pending = pendingForm(mined, profile, detail);
  const price = cheaper(pending.gas_price as string)!;
  return {
    ...pending,
    hash,
    gas_price: price,
    max_fee_per_gas: cheaper(pending.max_fee_per_gas as string | null),
    max_priority_fee_per_gas: cheaper(pending.max_priority_fee_per_gas as string | null),
    fee: { type: 'maximum', value: String(BigInt(pending.gas_limit as string | number) * BigInt(price)) },
    result: dropped ? 'dropped/replaced' : 'pending',
  };
}

const indexes = new WeakMap<Chain, Map<string, number>>();

/** Every dropped/replaced hash of the mined blocks, with the transaction it lost to (memoised per chain). */
export function droppedTransactions(chain: Chain): ReadonlyMap<string, number> {
  let index = indexes.get(chain);
  if (!index) {
    index = new Map();
    for (let height = 1; height <= chain.headHeight; height++) {
      const replaced = replacementAt(chain, height);
      if (replaced) index.set(replaced.hash, replaced.original);
    }
    indexes.set(chain, index);
  }
  return index;
}
