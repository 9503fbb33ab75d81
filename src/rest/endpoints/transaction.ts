import { logIndexOf, logsOfTransaction } from '../../chain/logs.js';
import { droppedTransactions } from '../../domain/replacements.js';
import { stateChangesOf } from '../../domain/stateChanges.js';
import { internalTransactionJson } from '../../views/internalTransaction.js';
import { logJson } from '../../views/log.js';
import { droppedTransactionJson, pendingTransactionDetailJson } from '../../views/pendingTransaction.js';
import { stateChangeJson } from '../../views/stateChanges.js';
import { transactionDetailJson } from '../../views/transaction.js';
import { rawTraceJson } from '../../views/transactionTrace.js';
import { transactionSummaryJson } from '../../views/transactionSummary.js';
import type { RestContext } from '../context.js';
import type { EndpointHandler } from '../endpoint.js';
import { notFound } from '../errors.js';
import { identity, pageResponse, takePage } from '../paging.js';
import { integerQuery, transactionHashParam } from '../params.js';

/** The transaction a path names; 404 when the chain has none with that hash. */
export function transactionOf(ctx: RestContext, raw: string): number {
  const index = ctx.chain.transactionByHash.get(transactionHashParam(raw));
  if (index === undefined) throw notFound();
  return index;
}

/** `/transactions/{hash}`: mined, waiting in the mempool, or dropped/replaced by a mined one. */
export const transaction: EndpointHandler = (ctx, [raw]) => {
  const hash = transactionHashParam(raw!);
  if (ctx.chain.transactionByHash.get(hash) === undefined) {
    // The mined chain's own history first: the mempool costs a second builder the first time.
    const rival = droppedTransactions(ctx.facts).get(hash);
    if (rival !== undefined) return { status: 200, body: droppedTransactionJson(ctx, hash, rival) };
    const mempool = ctx.mempool();
    const pending = mempool?.find(hash);
    if (pending) return { status: 200, body: pendingTransactionDetailJson(ctx, mempool!, pending) };
  }
  return { status: 200, body: transactionDetailJson(ctx, transactionOf(ctx, raw!)) };
};

/** `/transactions/{hash}/internal-transactions`: index ascending (the top-level call is not one). */
export const transactionInternalTransactions: EndpointHandler = (ctx, [raw], query) => {
  const t = ctx.chain.transactions.at(transactionOf(ctx, raw!))!;
  const index = integerQuery(query, 'index');
  integerQuery(query, 'block_number');
  integerQuery(query, 'transaction_index');
  const itemsCount = integerQuery(query, 'items_count') ?? 0;
  const list = identity(t.internalCount).map((k) => t.internalStart + k);
  const page = takePage(
    list,
    false,
    index === undefined ? null : (i) => ctx.chain.internalTransactions.at(i)!.index > index,
  );
  const last = ctx.chain.internalTransactions.at(page.elements[page.elements.length - 1] ?? 0);
  return pageResponse(
    page.elements.map((i) => internalTransactionJson(ctx, i)),
    page.more && last
      ? {
          block_number: last.block,
          transaction_index: last.transactionIndex,
          index: last.index,
          items_count: itemsCount + page.elements.length,
        }
      : null,
  );
};

/** `/transactions/{hash}/logs`: its logs, log index ascending; cursor `index`. */
export const transactionLogs: EndpointHandler = (ctx, [raw], query) => {
  const at = transactionOf(ctx, raw!);
  const tx = ctx.chain.transactions.at(at)!;
  const index = integerQuery(query, 'index');
  const itemsCount = integerQuery(query, 'items_count') ?? 0;
  const refs = logsOfTransaction(tx);
  const indexOf = (k: number) => logIndexOf(ctx.chain, refs[k]!);
  const page = takePage(identity(refs.length), false, index === undefined ? null : (k) => indexOf(k) > index);
  const last = page.elements[page.elements.length - 1];
  return pageResponse(
    page.elements.map((k) => logJson(ctx, refs[k]!, false)),
    page.more && last !== undefined
      ? { block_number: tx.block, index: indexOf(last), items_count: itemsCount + page.elements.length }
      : null,
  );
};

/** `/transactions/{hash}/raw-trace`: the call tree as a node's `trace_transaction` gives it (flat, Parity style). */
export const transactionRawTrace: EndpointHandler = (ctx, [raw]) => ({
  status: 200,
  body: rawTraceJson(ctx, transactionOf(ctx, raw!)),
});

/** `/transactions/{hash}/state-changes`: coin and token balances before and after; offset cursor `items_count`. */
export const transactionStateChanges: EndpointHandler = (ctx, [raw], query) => {
  const at = transactionOf(ctx, raw!);
  const offset = integerQuery(query, 'items_count') ?? 0;
  const all = stateChangesOf(ctx.facts, at);
  return pageResponse(
    all.slice(offset, offset + 50).map((change) => stateChangeJson(ctx, change)),
    offset + 50 < all.length ? { state_changes: null, items_count: offset + 50 } : null,
  );
};

/** `/transactions/{hash}/summary`: a human summary, in the shape of the explorer's interpretation service. */
export const transactionSummary: EndpointHandler = (ctx, [raw]) => ({
  status: 200,
  body: transactionSummaryJson(ctx, transactionOf(ctx, raw!)),
});
