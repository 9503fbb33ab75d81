import { accountIdOf } from '../../domain/accounts.js';
import { blockJson } from '../../views/block.js';
import type { EndpointHandler } from '../endpoint.js';
import { EMPTY_PAGE, pageResponse, takePage } from '../paging.js';
import { addressParam, integerQuery } from '../params.js';

/** `/addresses/{h}/blocks-validated`: blocks it mined, newest first; cursor `block_number`. */
export const addressBlocksValidated: EndpointHandler = (ctx, [raw], query) => {
  const id = accountIdOf(ctx.chain, addressParam(raw!));
  const blockNumber = integerQuery(query, 'block_number');
  const itemsCount = integerQuery(query, 'items_count') ?? 0;
  if (id === undefined) return EMPTY_PAGE;
  const page = takePage(
    ctx.chain.indexes.at(id)!.minedBlocks,
    true,
    blockNumber === undefined ? null : (h) => h < blockNumber,
  );
  const last = page.elements[page.elements.length - 1];
  return pageResponse(
    page.elements.map((h) => blockJson(ctx, ctx.chain.blocks.at(h)!)),
    page.more && last !== undefined ? { block_number: last, items_count: itemsCount + page.elements.length } : null,
  );
};
