import type { Chain } from '../chain/types.js';
import { replacementAt } from './replacements.js';

/**
 * A transaction waiting in front of the head. Its mined form is in `Mempool.ahead` (the chain one
 * block further), at `index`; a losing competitor is shown as the transaction it competes with,
 * under its own hash and at a 10% lower price.
 */
export interface PendingTransaction {
  readonly hash: string;
  /** Index in `ahead.transactions` of the transaction (for a competitor: of its rival). */
  readonly index: number;
  /** A cheaper competitor of that transaction, never mined. */
  readonly competitor: boolean;
  /** Lower-case sender and receiver (null for a creation). */
  readonly from: string;
  readonly to: string | null;
}

/**
 * The transactions waiting in front of the head: the ones the next block will include. Block
 * `k + 1` is a function of (scenario, seed, k + 1), so the mempool of a chain at `k` is that
 * block's transactions, not yet mined; once it is mined, the same hashes are served mined. Now and
 * then a cheaper competitor of one of them (same sender and nonce) waits too: it is never mined,
 * and is served as dropped/replaced once the block is (`replacements.ts`).
 */
export interface Mempool {
  /** The chain one block ahead of the served one, holding every pending transaction mined. */
  readonly ahead: Chain;
  /** Newest first: the last the block will include first, each competitor after its rival. */
  list(): readonly PendingTransaction[];
  find(hash: string): PendingTransaction | undefined;
}

/** The mempool of a chain at `height - 1`, from `ahead`, the chain built to `height`. */
export function mempoolOf(ahead: Chain, height: number): Mempool {
  let listed: PendingTransaction[] | undefined;
  let byHash: Map<string, PendingTransaction> | undefined;
  const list = () => {
    if (!listed) {
      const block = ahead.blocks.at(height)!;
      const competitor = replacementAt(ahead, height);
      listed = [];
      for (let index = block.transactionStart + block.transactionCount - 1; index >= block.transactionStart; index--) {
        const t = ahead.transactions.at(index)!;
        const from = ahead.accounts[t.fromId]!.lower;
        const to = t.toId === -1 ? null : ahead.accounts[t.toId]!.lower;
        listed.push({ hash: t.hash, index, competitor: false, from, to });
        if (competitor?.original === index) listed.push({ hash: competitor.hash, index, competitor: true, from, to });
      }
    }
    return listed;
  };
  return {
    ahead,
    list,
    find(hash) {
      byHash ??= new Map(list().map((p) => [p.hash, p]));
      return byHash.get(hash);
    },
  };
}
