import { balanceSteps } from '../domain/balances.js';
import { chainTotals } from '../domain/chainStats.js';
import type { PendingTransaction } from '../domain/mempool.js';
import { itemsOf } from '../domain/transactions.js';
import type { RestContext } from '../rest/context.js';
import { blockJson } from '../views/block.js';
import { coinBalanceStepJson } from '../views/coinBalance.js';
import { pendingTransactionJson } from '../views/pendingTransaction.js';
import { tokenTransferJson } from '../views/tokenTransfer.js';
import { transactionJson } from '../views/transaction.js';

/** One message the explorer broadcasts: to a topic, an event and its payload (as JSON: pieces are the views' own). */
export interface Broadcast {
  readonly topic: string;
  readonly event: string;
  readonly payloadJson: string;
}

/** Who listens: to a topic, and to any topic under a prefix (`addresses`, `tokens`). */
export interface Listeners {
  listening(topic: string): boolean;
  listeningUnder(prefix: string): boolean;
}

/**
 * What the explorer's notifier broadcasts when block `height` is imported (`notifier.ex`), for the
 * topics someone listens to, in the order it sends them: the block to `blocks:new_block` and its
 * miner's topic; the count of transactions; then, per address in order of first appearance, its
 * transactions, token transfers and new balance; and per token its transfer count. Each payload
 * holds what the REST API serves for the same things, made by the same views. The block's
 * transactions and transfers are read only when some address or token topic is joined.
 */
export function blockEvents(ctx: RestContext, height: number, listeners: Listeners): Broadcast[] {
  const listening = (topic: string) => listeners.listening(topic);
  const { chain } = ctx;
  const out: Broadcast[] = [];
  const block = chain.blocks.at(height)!;
  const emit = (topic: string, event: string, payloadJson: () => string) => {
    if (listening(topic)) out.push({ topic, event, payloadJson: payloadJson() });
  };
  const miner = chain.accounts[block.minerId]!.lower;
  if (listening('blocks:new_block') || listening(`blocks:${miner}`)) {
    const averageBlockTime = (chainTotals(ctx.facts).averageBlockTimeMs as number).toFixed(1);
    const payload = `{"average_block_time":${JSON.stringify(averageBlockTime)},"block":${blockJson(ctx, block)}}`;
    emit('blocks:new_block', 'new_block', () => payload);
    emit(`blocks:${miner}`, 'new_block', () => payload);
  }
  emit('transactions:new_transaction', 'transaction', () => `{"transaction":${block.transactionCount}}`);
  if (!block.transactionCount || !(listeners.listeningUnder('addresses') || listeners.listeningUnder('tokens')))
    return out;
  const byAddress = new Map<number, { transactions: string[]; transfers: string[] }>();
  const slot = (id: number) => {
    let entry = byAddress.get(id);
    if (!entry) byAddress.set(id, (entry = { transactions: [], transfers: [] }));
    return entry;
  };
  const addressListens = (id: number) => listening(`addresses:${chain.accounts[id]!.lower}`);
  const tokenCounts = new Map<number, number>();
  for (let t = block.transactionStart; t < block.transactionStart + block.transactionCount; t++) {
    const tx = chain.transactions.at(t)!;
    const json = transactionJson(ctx, t);
    for (const id of new Set([tx.fromId, tx.toId])) if (id !== -1) slot(id).transactions.push(json);
    if (!tx.tokenTransferCount) continue;
    const wanted = addressListens(tx.fromId) || (tx.toId !== -1 && addressListens(tx.toId));
    for (let r = tx.tokenTransferStart; r < tx.tokenTransferStart + tx.tokenTransferCount; r++) {
      const transfer = chain.tokenTransfers.at(r)!;
      const items = itemsOf(transfer);
      tokenCounts.set(transfer.tokenId, (tokenCounts.get(transfer.tokenId) ?? 0) + items);
      if (!wanted && !addressListens(transfer.fromId) && !addressListens(transfer.toId)) continue;
      for (let k = 0; k < items; k++) {
        const item = tokenTransferJson(ctx, r, k);
        for (const id of new Set([transfer.fromId, transfer.toId])) slot(id).transfers.push(item);
      }
    }
  }
  for (const [id, entry] of byAddress) {
    const account = chain.accounts[id]!;
    const topic = `addresses:${account.lower}`;
    if (!listening(topic)) continue;
    if (entry.transactions.length)
      emit(topic, 'transaction', () => `{"transactions":[${entry.transactions.join(',')}]}`);
    if (entry.transfers.length)
      emit(topic, 'token_transfer', () => `{"token_transfers":[${entry.transfers.join(',')}]}`);
    const change =
      account.balanceUpdatedAt === null ? undefined : balanceSteps(ctx.facts, id).find((s) => s.block === height);
    if (change) {
      const value = JSON.stringify(String(change.value));
      const rate = JSON.stringify(chain.exchangeRate);
      emit(topic, 'balance', () => `{"balance":${value},"block_number":${height},"exchange_rate":${rate}}`);
      emit(topic, 'coin_balance', () => `{"coin_balance":${coinBalanceStepJson(ctx, change)}}`);
      emit(
        topic,
        'current_coin_balance',
        () => `{"coin_balance":${value},"exchange_rate":${rate},"block_number":${height}}`,
      );
    }
  }
  for (const [token, count] of tokenCounts)
    emit(`tokens:${chain.accounts[token]!.lower}`, 'token_transfer', () => `{"token_transfer":${count}}`);
  return out;
}

/**
 * What the notifier broadcasts for the transactions that entered the mempool in front of the new
 * head: their count to `transactions:new_pending_transaction`, and each listening address's own to
 * `addresses:<hash>` (`pending_transaction`), addresses in order of first appearance. Computed
 * only when someone listens.
 */
export function mempoolEvents(
  ctx: RestContext,
  listeners: Listeners,
  /** Only this transaction's address events (one a client just sent), with the pool's count. */
  only?: string,
): Broadcast[] {
  const counted = listeners.listening('transactions:new_pending_transaction');
  if (!counted && !listeners.listeningUnder('addresses')) return [];
  const mempool = ctx.mempool();
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
