import { blockOf } from '../blockOf.js';
import { integerQuery } from '../params.js';
import { compareTuples, EMPTY_PAGE, identity, pageResponse, takePage } from '../paging.js';
import type { EndpointHandler } from '../endpoint.js';
import { blockDetailJson } from '../../views/block.js';
import { internalTransactionJson } from '../../views/internalTransaction.js';
import { blockWithdrawalJson } from '../../views/withdrawal.js';

/** `/blocks/{number or hash}`: one block, with the detail's counts. */
export const block: EndpointHandler = (ctx, [raw]) => ({
  status: 200,
  body: blockDetailJson(ctx, blockOf(ctx.chain, raw!)),
});

/** `/blocks/{id}/withdrawals`: the block's withdrawals, index descending; cursor `index`. */
export const blockWithdrawals: EndpointHandler = (ctx, [raw], query) => {
  const found = blockOf(ctx.chain, raw!);
  const cursor = integerQuery(query, 'index');
  const itemsCount = integerQuery(query, 'items_count') ?? 0;
  if (found.type !== 'block') return EMPTY_PAGE;
  const list = identity(found.withdrawalCount).map((k) => found.withdrawalStart + k);
  const page = takePage(list, true, cursor === undefined ? null : (w) => w < cursor);
  const last = page.elements[page.elements.length - 1];
  return pageResponse(
    page.elements.map((w) => blockWithdrawalJson(ctx, w)),
    page.more && last !== undefined ? { index: last, items_count: itemsCount + page.elements.length } : null,
  );
};

/** `/blocks/{id}/internal-transactions`: transaction index, then index ascending; cursor `transaction_index`, `index`. */
export const blockInternalTransactions: EndpointHandler = (ctx, [raw], query) => {
  const { chain } = ctx;
  const found = blockOf(chain, raw!);
  const transactionIndex = integerQuery(query, 'transaction_index');
  const index = integerQuery(query, 'index');
  const itemsCount = integerQuery(query, 'items_count') ?? 0;
  if (found.type !== 'block' || found.transactionCount === 0) return EMPTY_PAGE;
  const first = chain.transactions.at(found.transactionStart)!.internalStart;
  const lastTx = chain.transactions.at(found.transactionStart + found.transactionCount - 1)!;
  const list = identity(lastTx.internalStart + lastTx.internalCount - first).map((k) => first + k);
  const cursor = transactionIndex === undefined ? null : [transactionIndex, index ?? -1];
  const keyOf = (i: number) => [
    chain.internalTransactions.at(i)!.transactionIndex,
    chain.internalTransactions.at(i)!.index,
  ];
  const page = takePage(list, false, cursor && ((i) => compareTuples(keyOf(i), cursor) > 0));
  const last = chain.internalTransactions.at(page.elements[page.elements.length - 1] ?? first)!;
  return pageResponse(
    page.elements.map((i) => internalTransactionJson(ctx, i)),
    page.more
      ? { transaction_index: last.transactionIndex, index: last.index, items_count: itemsCount + page.elements.length }
      : null,
  );
};
