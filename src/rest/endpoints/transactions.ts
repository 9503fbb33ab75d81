import { notFound } from '../errors.js';
import { enumQuery, hashQuery, integerQuery, textQuery, transactionHashParam } from '../params.js';
import { compareTuples, identity, PAGE_SIZE, pageResponse, takePage } from '../paging.js';
import type { RestContext } from '../context.js';
import type { EndpointHandler } from '../endpoint.js';
import { type ApiResponse, jsonResponse } from '../response.js';
import { isoTimestamp } from '../../views/format.js';
import { droppedTransactions, replacedForm } from '../../domain/replacements.js';
import { logIndexOf, logsOfTransaction } from '../../chain/logs.js';
import { internalTransactionJson } from '../../views/internalTransaction.js';
import { logJson } from '../../views/log.js';
import { transactionDetailJson, transactionJson } from '../../views/transaction.js';
import { rawTraceView, stateChangesView, summaryView } from '../../views/transactionDetails.js';
import { cachedJson, cachedObject } from '../../views/context.js';

/** The transaction a path names; 404 when the chain has none with that hash. */
export function transactionOf(ctx: RestContext, raw: string): number {
  const index = ctx.chain.transactionByHash.get(transactionHashParam(raw));
  if (index === undefined) throw notFound();
  return index;
}

/** `/transactions`: every mined transaction, newest first (`filter=validated`); `filter=pending`: the mempool (none without one). */
export const transactions: EndpointHandler = (ctx, _params, query) => {
  const { chain } = ctx;
  const filter = enumQuery(query, 'filter', ['validated', 'pending'] as const) ?? 'validated';
  const blockNumber = integerQuery(query, 'block_number');
  const position = integerQuery(query, 'index');
  const itemsCount = integerQuery(query, 'items_count') ?? 0;
  if (filter === 'pending') return pendingPage(ctx, query);
  const cursor = blockNumber === undefined ? null : [blockNumber, position ?? Number.MAX_SAFE_INTEGER];
  const list = identity(chain.transactions.length);
  const page = takePage(
    list,
    true,
    cursor && ((t) => compareTuples([chain.transactions.at(t)!.block, chain.transactions.at(t)!.position], cursor) < 0),
  );
  const last = chain.transactions.at(page.elements[page.elements.length - 1] ?? 0)!;
  return pageResponse(
    page.elements.map((t) => transactionJson(ctx, t)),
    page.more
      ? {
          block_number: last.block,
          index: last.position,
          items_count: itemsCount + page.elements.length,
          ...(query.has('filter') ? { filter } : {}),
        }
      : null,
  );
};

/**
 * `/transactions?filter=pending`: the mempool, newest first; the explorer's cursor
 * (`inserted_at`, `hash`), resumed after the transaction with that hash.
 */
function pendingPage(ctx: RestContext, query: URLSearchParams): ApiResponse {
  const after = hashQuery(query, 'hash', 64);
  textQuery(query, 'inserted_at');
  const pool = ctx.mempool()?.list() ?? [];
  const start = after === undefined ? 0 : pool.findIndex((t) => t.hash === after) + 1;
  const page = pool.slice(start, start + PAGE_SIZE);
  const last = page[page.length - 1];
  const head = ctx.chain.blocks.at(ctx.chain.headHeight)!;
  return pageResponse(
    page.map((t) => t.json),
    last && start + PAGE_SIZE < pool.length
      ? { inserted_at: isoTimestamp(head.timestamp), hash: last.hash, filter: 'pending' }
      : null,
  );
}

/** `/transactions/{hash}`: mined, waiting in the mempool, or dropped/replaced by a mined one. */
export const transaction: EndpointHandler = (ctx, [raw]) => {
  const hash = transactionHashParam(raw!);
  if (ctx.chain.transactionByHash.get(hash) === undefined) {
    // The mined chain's own history first: the mempool costs a second builder the first time.
    const lostTo = droppedTransactions(ctx.chain).get(hash);
    if (lostTo !== undefined)
      return {
        status: 200,
        body: JSON.stringify(
          replacedForm(
            JSON.parse(transactionDetailJson(ctx, lostTo)) as Record<string, unknown>,
            hash,
            ctx.profile,
            true,
            true,
          ),
        ),
      };
    const pending = ctx.mempool()?.detail(hash);
    if (pending) return { status: 200, body: pending };
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
export const transactionRawTrace: EndpointHandler = (ctx, [raw]) => {
  const at = transactionOf(ctx, raw!);
  return { status: 200, body: cachedJson(ctx, `trace:${at}`, () => rawTraceView(ctx, at)) };
};

/** `/transactions/{hash}/state-changes`: coin and token balances before and after; offset cursor `items_count`. */
export const transactionStateChanges: EndpointHandler = (ctx, [raw], query) => {
  const at = transactionOf(ctx, raw!);
  const offset = integerQuery(query, 'items_count') ?? 0;
  const all = cachedObject(ctx, `state-changes:${at}`, () => stateChangesView(ctx, at));
  const items = all.slice(offset, offset + 50);
  return pageResponse(
    items.map((x) => JSON.stringify(x)),
    offset + 50 < all.length ? { state_changes: null, items_count: offset + 50 } : null,
  );
};

/** `/transactions/{hash}/summary`: a human summary, in the shape of the explorer's interpretation service. */
export const transactionSummary: EndpointHandler = (ctx, [raw]) =>
  jsonResponse(200, summaryView(ctx, transactionOf(ctx, raw!)));
