import { blobTransactionList, hasBlobs } from '../../domain/blobs.js';
import { isoTimestamp } from '../../views/isoTimestamp.js';
import { pendingTransactionJson } from '../../views/pendingTransaction.js';
import { transactionJson } from '../../views/transaction.js';
import type { RestContext } from '../context.js';
import type { EndpointHandler } from '../endpoint.js';
import { compareTuples, identity, PAGE_SIZE, pageResponse, takePage } from '../paging.js';
import { enumQuery, hashQuery, integerQuery, textQuery } from '../params.js';
import type { ApiResponse } from '../response.js';
import { checkMainListTypeQuery } from '../transactionTypeQuery.js';

/**
 * `/transactions`: every mined transaction, newest first (`filter=validated`); `filter=pending`:
 * the mempool (none without one). `type` takes `blob_transaction` alone, which keeps the blob
 * transactions on a chain with blobs and filters nothing on another (see `checkMainListTypeQuery`).
 */
export const transactions: EndpointHandler = (ctx, _params, query) => {
  const { chain } = ctx;
  const filter = enumQuery(query, 'filter', ['validated', 'pending'] as const) ?? 'validated';
  checkMainListTypeQuery(query);
  const blockNumber = integerQuery(query, 'block_number');
  const position = integerQuery(query, 'index');
  const itemsCount = integerQuery(query, 'items_count') ?? 0;
  if (filter === 'pending') return pendingPage(ctx, query);
  // `type=blob_transaction` on a chain with blobs: the blob transactions alone (the explorer's blob list, its cursor without the filter).
  const blobs = query.get('type') === 'blob_transaction' && hasBlobs(chain);
  const cursor = blockNumber === undefined ? null : [blockNumber, position ?? Number.MAX_SAFE_INTEGER];
  const list = blobs ? blobTransactionList(ctx.facts) : identity(chain.transactions.length);
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
          ...(query.has('filter') && !blobs ? { filter } : {}),
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
  const mempool = ctx.mempool();
  const pool = mempool?.list() ?? [];
  const start = after === undefined ? 0 : pool.findIndex((t) => t.hash === after) + 1;
  const page = pool.slice(start, start + PAGE_SIZE);
  const last = page[page.length - 1];
  const head = ctx.chain.blocks.at(ctx.chain.headHeight)!;
  return pageResponse(
    page.map((t) => pendingTransactionJson(ctx, mempool!, t)),
    last && start + PAGE_SIZE < pool.length
      ? { inserted_at: isoTimestamp(head.timestamp), hash: last.hash, filter: 'pending' }
      : null,
  );
}
