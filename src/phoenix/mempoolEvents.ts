import type { Mempool, PendingTransaction } from '../domain/mempool.js';
import type { RestContext } from '../rest/context.js';
import { pendingTransactionJson } from '../views/pendingTransaction.js';
import type { Broadcast, Listeners } from './broadcast.js';

/**
 * What the notifier broadcasts for the transactions that entered the mempool in front of the new
 * head: their count to `transactions:new_pending_transaction`, and each listening address's own to
 * `addresses:<hash>` (`pending_transaction`), addresses in order of first appearance. Computed
 * only when someone listens.
 */
export function mempoolEvents(
  ctx: RestContext,
  listeners: Listeners,
  /** The pool as it stood when the events happened (read then: it moves on with the next block). */
  mempool: Mempool | undefined,
  /** Only this transaction's address events (one a client just sent), with the pool's count. */
  only?: string,
): Broadcast[] {
  const counted = listeners.listening('transactions:new_pending_transaction');
  if (!counted && !listeners.listeningUnder('addresses')) return [];
  const pending = mempool?.list() ?? [];
  const out: Broadcast[] = [];
  if (counted)
    out.push({
      topic: 'transactions:new_pending_transaction',
      event: 'pending_transaction',
      payloadJson: `{"pending_transaction":${pending.length}}`,
    });
  // Each listening address's transactions, read once through the pool (not once per address joined).
  const own = new Map<string, PendingTransaction[]>();
  for (const t of pending) {
    if (only !== undefined && t.hash !== only) continue;
    for (const hash of new Set([t.from, t.to])) {
      if (hash === null || !listeners.listening(`addresses:${hash}`)) continue;
      let list = own.get(hash);
      if (!list) own.set(hash, (list = []));
      list.push(t);
    }
  }
  for (const [hash, list] of own)
    out.push({
      topic: `addresses:${hash}`,
      event: 'pending_transaction',
      payloadJson: `{"transactions":[${list.map((t) => pendingTransactionJson(ctx, mempool!, t)).join(',')}]}`,
    });
  return out;
}
