import type { RestContext } from './context.js';
import { integerQuery } from './params.js';
import { compareTuples, pageResponse, takePage } from './paging.js';
import type { ApiResponse } from './response.js';
import { itemsOf } from '../domain/transactions.js';
import { tokenTransferJson } from '../views/tokenTransfer.js';

/**
 * One page of token transfer logs (chain order in `list`), newest first by (block, log index),
 * ERC-1155 batches flattened; a page never ends inside a batch. Cursor `block_number`, `index`.
 */
export function tokenTransferPage(ctx: RestContext, list: ArrayLike<number>, query: URLSearchParams): ApiResponse {
  const { chain } = ctx;
  const blockNumber = integerQuery(query, 'block_number');
  const logIndex = integerQuery(query, 'index');
  const cursor = blockNumber === undefined ? null : [blockNumber, logIndex ?? Number.MAX_SAFE_INTEGER];
  const page = takePage(
    list,
    true,
    cursor &&
      ((t) => compareTuples([chain.tokenTransfers.at(t)!.block, chain.tokenTransfers.at(t)!.logIndex], cursor) < 0),
    {
      weight: (t) => itemsOf(chain.tokenTransfers.at(t)!),
    },
  );
  const items: string[] = [];
  for (const t of page.elements) {
    for (let k = 0; k < itemsOf(chain.tokenTransfers.at(t)!); k++) items.push(tokenTransferJson(ctx, t, k));
  }
  const last = chain.tokenTransfers.at(page.elements[page.elements.length - 1] ?? 0);
  return pageResponse(items, page.more && last ? { block_number: last.block, index: last.logIndex } : null);
}
