import { balanceSteps } from '../domain/balances.js';
import { chainTotals } from '../domain/chainStats.js';
import { itemsOf } from '../domain/transactions.js';
import type { RestContext } from '../rest/context.js';
import { blockJson } from '../views/block.js';
import { coinBalanceStepJson } from '../views/coinBalance.js';
import { tokenTransferJson } from '../views/tokenTransfer.js';
import { transactionJson } from '../views/transaction.js';
import type { Broadcast, Listeners } from './broadcast.js';

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
