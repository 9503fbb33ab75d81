import { notFound } from '../errors.js';
import { blockParam, integerQuery } from '../params.js';
import { compareTuples, identity, pageResponse, takePage } from '../paging.js';
import type { EndpointHandler } from '../endpoint.js';
import { blockTransactionTypeQuery } from '../transactionTypeQuery.js';
import { hasKind } from '../../domain/transactionKinds.js';
import { transactionJson } from '../../views/transaction.js';
import { blobRangeOf, hasBlobs } from '../../domain/blobs.js';

/**
 * 10 · `/blocks/{number or hash}/transactions`: the block's transactions, position ascending;
 * `type` keeps those of one kind (the explorer's `apply_filter_by_type_to_transactions`).
 */
export const blockTransactions: EndpointHandler = (ctx, [raw], query) => {
  const { chain } = ctx;
  const id = blockParam(raw!);
  const kind = blockTransactionTypeQuery(query, hasBlobs(chain));
  const blockNumber = integerQuery(query, 'block_number');
  const position = integerQuery(query, 'index');
  const itemsCount = integerQuery(query, 'items_count') ?? 0;
  const block = 'height' in id ? chain.blocks.at(id.height) : chain.blockByHash.get(id.hash);
  if (!block) throw notFound();
  const cursor = blockNumber === undefined ? null : [blockNumber, position ?? -1];
  const positions = identity(block.transactionCount);
  const list =
    kind === undefined
      ? positions
      : kind === 'blob_transaction'
        ? // The block's blob tab (EIP-4844): its blob transactions.
          positions.filter((p) => {
            const [start, end] = blobRangeOf(chain, block.transactionStart + p);
            return end > start;
          })
        : positions.filter((p) => hasKind(chain.transactions.at(block.transactionStart + p)!, kind));
  const page = takePage(list, false, cursor && ((p) => compareTuples([block.height, p], cursor) > 0));
  const last = page.elements[page.elements.length - 1];
  return pageResponse(
    page.elements.map((p) => transactionJson(ctx, block.transactionStart + p)),
    page.more && last !== undefined
      ? { block_number: block.height, index: last, items_count: itemsCount + page.elements.length }
      : null,
  );
};
