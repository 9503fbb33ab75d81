import { enumQuery, integerQuery } from '../params.js';
import { identity, pageResponse, takePage } from '../paging.js';
import type { EndpointHandler } from '../endpoint.js';
import { blockJson } from '../../views/block.js';

/** 9 · `/blocks`: consensus blocks (or `type=uncle` / `type=reorg`), height descending. */
export const blocks: EndpointHandler = (ctx, _params, query) => {
  const { chain } = ctx;
  const type = enumQuery(query, 'type', ['block', 'uncle', 'reorg'] as const) ?? 'block';
  const height = integerQuery(query, 'block_number');
  const itemsCount = integerQuery(query, 'items_count') ?? 0;
  const list = type === 'block' ? chain.blocks : type === 'uncle' ? chain.uncles : chain.reorgs;
  const page = takePage(identity(list.length), true, height === undefined ? null : (i) => list.at(i)!.height < height);
  const last = list.at(page.elements[page.elements.length - 1] ?? 0);
  return pageResponse(
    page.elements.map((i) => blockJson(ctx, list.at(i)!)),
    page.more && last ? { block_number: last.height, items_count: itemsCount + page.elements.length } : null,
  );
};
