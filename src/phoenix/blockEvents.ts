import type { ChainApp } from '../app/chainApp.js';
import type { Chain } from '../chain/types.js';
import { collectItems } from '../rest/walkPages.js';

/** One message the explorer broadcasts: to a topic, an event and its payload. */
export interface Broadcast {
  readonly topic: string;
  readonly event: string;
  readonly payload: unknown;
}

type Json = Record<string, any>;

const decoder = new TextDecoder();

/** A GET answered by the app (the views are the profile's, as the API serves them). */
function answer(app: ChainApp, url: string): { status: number; body: string } {
  const answered = app.answer({ method: 'GET', url, header: () => null });
  return { status: answered.status, body: decoder.decode(answered.body!) };
}

const get = (app: ChainApp, url: string): Json => JSON.parse(answer(app, url).body) as Json;

/** Every item of a list, following its pages as a client does. */
const all = (app: ChainApp, first: string): Json[] => collectItems<Json>((url) => answer(app, url), first);

/**
 * What the explorer's notifier broadcasts when block `height` is imported (`notifier.ex`), for the
 * topics someone listens to (`listening`), in the order it sends them: the block to
 * `blocks:new_block` and its miner's topic; the count of transactions; then, per address in order
 * of first appearance, its transactions, token transfers and new balance; and per token its
 * transfer count. The block's transactions and transfers are read only when some address or
 * token topic is joined (`topics`).
 */
export function blockEvents(
  app: ChainApp,
  chain: Chain,
  height: number,
  listening: (topic: string) => boolean,
  topics: () => readonly string[],
): Broadcast[] {
  const out: Broadcast[] = [];
  const block = chain.blocks.at(height)!;
  const emit = (topic: string, event: string, payload: () => unknown) => {
    if (listening(topic)) out.push({ topic, event, payload: payload() });
  };
  const miner = chain.accounts[block.minerId]!.lower;
  if (listening('blocks:new_block') || listening(`blocks:${miner}`)) {
    const listed = get(app, `/api/v2/blocks?block_number=${height + 1}&items_count=0`).items as Json[];
    const payload = {
      average_block_time: String((get(app, '/api/v2/stats').average_block_time as number).toFixed(1)),
      block: listed[0],
    };
    emit('blocks:new_block', 'new_block', () => payload);
    emit(`blocks:${miner}`, 'new_block', () => payload);
  }
  emit('transactions:new_transaction', 'transaction', () => ({ transaction: block.transactionCount }));
  if (!block.transactionCount || !topics().some((t) => t.startsWith('addresses:') || t.startsWith('tokens:')))
    return out;
  const transactions = all(app, `/api/v2/blocks/${height}/transactions`);
  const byAddress = new Map<string, { transactions: Json[]; transfers: Json[] }>();
  const slot = (hash: string | undefined) => {
    if (!hash) return undefined;
    const key = hash.toLowerCase();
    let entry = byAddress.get(key);
    if (!entry) byAddress.set(key, (entry = { transactions: [], transfers: [] }));
    return entry;
  };
  const tokenCounts = new Map<string, number>();
  for (const tx of transactions) {
    for (const hash of new Set([tx.from?.hash, tx.to?.hash])) slot(hash)?.transactions.push(tx);
    if (
      !(tx.transaction_types as string[]).includes('token_transfer') &&
      !(tx.transaction_types as string[]).includes('token_creation')
    )
      continue;
    const wanted = [tx.from?.hash, tx.to?.hash].some((h) => h && listening(`addresses:${h.toLowerCase()}`));
    for (const transfer of all(app, `/api/v2/transactions/${tx.hash}/token-transfers`)) {
      const token = (transfer.token.address_hash as string).toLowerCase();
      tokenCounts.set(token, (tokenCounts.get(token) ?? 0) + 1);
      if (
        !wanted &&
        !listening(`addresses:${transfer.from.hash.toLowerCase()}`) &&
        !listening(`addresses:${transfer.to.hash.toLowerCase()}`)
      )
        continue;
      for (const hash of new Set([transfer.from.hash, transfer.to.hash])) slot(hash)?.transfers.push(transfer);
    }
  }
  for (const [hash, entry] of byAddress) {
    const topic = `addresses:${hash}`;
    if (!listening(topic)) continue;
    if (entry.transactions.length) emit(topic, 'transaction', () => ({ transactions: entry.transactions }));
    if (entry.transfers.length) emit(topic, 'token_transfer', () => ({ token_transfers: entry.transfers }));
    const id = chain.accountByHash.get(hash);
    const account = id === undefined ? undefined : chain.accounts[id];
    if (account && account.balanceUpdatedAt !== null) {
      const history = get(app, `/api/v2/addresses/${hash}/coin-balance-history`).items as Json[];
      const change = history.find((h) => h.block_number === height);
      if (change) {
        emit(topic, 'balance', () => ({
          balance: change.value,
          block_number: height,
          exchange_rate: chain.exchangeRate,
        }));
        emit(topic, 'coin_balance', () => ({ coin_balance: change }));
        emit(topic, 'current_coin_balance', () => ({
          coin_balance: change.value,
          exchange_rate: chain.exchangeRate,
          block_number: height,
        }));
      }
    }
  }
  for (const [token, count] of tokenCounts)
    emit(`tokens:${token}`, 'token_transfer', () => ({ token_transfer: count }));
  return out;
}

/**
 * What the notifier broadcasts for the transactions that entered the mempool in front of the new
 * head: their count to `transactions:new_pending_transaction`, and each listening address's own to
 * `addresses:<hash>` (`pending_transaction`). Computed only when someone listens.
 */
export function mempoolEvents(
  app: ChainApp,
  listening: (topic: string) => boolean,
  addressTopics: () => readonly string[],
): Broadcast[] {
  const wanted = addressTopics().filter((t) => t.startsWith('addresses:'));
  if (!listening('transactions:new_pending_transaction') && !wanted.length) return [];
  const pending = all(app, '/api/v2/transactions?filter=pending');
  const out: Broadcast[] = [];
  if (listening('transactions:new_pending_transaction'))
    out.push({
      topic: 'transactions:new_pending_transaction',
      event: 'pending_transaction',
      payload: { pending_transaction: pending.length },
    });
  for (const topic of wanted) {
    const hash = topic.slice('addresses:'.length);
    const own = pending.filter((t) => t.from?.hash.toLowerCase() === hash || t.to?.hash.toLowerCase() === hash);
    if (own.length) out.push({ topic, event: 'pending_transaction', payload: { transactions: own } });
  }
  return out;
}
