import { blockJson } from '../../views/block.js';
import { transactionJson } from '../../views/transaction.js';
import type { EndpointHandler } from '../endpoint.js';
import { jsonResponse } from '../response.js';

/** `/main-page/blocks`: the newest four blocks, a bare array. */
export const mainPageBlocks: EndpointHandler = (ctx) => {
  const items: string[] = [];
  for (let h = ctx.chain.headHeight; h >= 0 && items.length < 4; h--)
    items.push(blockJson(ctx, ctx.chain.blocks.at(h)!));
  return { status: 200, body: `[${items.join(',')}]` };
};

/** `/main-page/transactions`: the newest six transactions, a bare array. */
export const mainPageTransactions: EndpointHandler = (ctx) => {
  const items: string[] = [];
  for (let t = ctx.chain.transactions.length - 1; t >= 0 && items.length < 6; t--) items.push(transactionJson(ctx, t));
  return { status: 200, body: `[${items.join(',')}]` };
};

/** `/main-page/indexing-status`: a mock has indexed everything. */
export const indexingStatus: EndpointHandler = () =>
  jsonResponse(200, {
    finished_indexing_blocks: true,
    finished_indexing: true,
    indexed_blocks_ratio: '1.00',
    indexed_internal_transactions_ratio: '1.00',
  });
