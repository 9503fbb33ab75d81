import { notFound } from '../errors.js';
import { blockParam, integerQuery } from '../params.js';
import { compareTuples, identity, pageResponse, takePage } from '../paging.js';
import type { EndpointHandler } from '../endpoint.js';
import { transactionJson } from '../../views/transaction.js';
import { blobRangeOf } from '../../domain/blobs.js';

/** 10 · `/blocks/{number or hash}/transactions`: the block's transactions, position ascending. */
export const blockTransactions: EndpointHandler = (ctx, [raw], query) => {
  const { chain } = ctx;
  const id = blockParam(raw!);
  const blockNumber = integerQuery(query, 'block_number');
  const position = integerQuery(query, 'index');
  const itemsCount = integerQuery(query, 'items_count') ?? 0;
  const block = 'height' in id ? chain.blocks.at(id.height) : chain.blockByHash.get(id.hash);
  if (!block) throw notFound();
  const cursor = blockNumber === undefined ? null : [blockNumber, position ?? -1];
  // `type=blob_transaction`: the block's blob transactions alone (its blob tab).
  const positions =
    query.get('type') === 'blob_transaction'
      ? Int32Array.from(
          Array.from(identity(block.transactionCount)).filter(
            (p) =>
              blobRangeOf(chain, block.transactionStart + p)[1] > blobRangeOf(chain, block.transactionStart + p)[0],
          ),
        )
      : identity(block.transactionCount);
  const page = takePage(positions, false, cursor && ((p) => compareTuples([block.height, p], cursor) > 0));
  const last = page.elements[page.elements.length - 1];
  return pageResponse(
    page.elements.map((p) => transactionJson(ctx, block.transactionStart + p)),
    page.more && last !== undefined
      ? { block_number: block.height, index: last, items_count: itemsCount + page.elements.length }
      : null,
  );
};
