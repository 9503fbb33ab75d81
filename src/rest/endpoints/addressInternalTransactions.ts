import { accountIdOf } from '../../domain/accounts.js';
import { addressParam, enumQuery, integerQuery } from '../params.js';
import { compareTuples, EMPTY_PAGE, pageResponse, takePage } from '../paging.js';
import type { EndpointHandler } from '../endpoint.js';
import { internalTransactionJson } from '../../views/internalTransaction.js';

/** 6 · `/addresses/{hash}/internal-transactions`: newest first (block, transaction index, index descending). */
export const addressInternalTransactions: EndpointHandler = (ctx, [raw], query) => {
  const { chain } = ctx;
  const id = accountIdOf(chain, addressParam(raw!));
  const direction = enumQuery(query, 'filter', ['to', 'from'] as const);
  const blockNumber = integerQuery(query, 'block_number');
  const transactionIndex = integerQuery(query, 'transaction_index');
  const index = integerQuery(query, 'index');
  const itemsCount = integerQuery(query, 'items_count') ?? 0;
  if (id === undefined) return EMPTY_PAGE;
  const lists = chain.indexes.at(id)!;
  const list =
    direction === 'to'
      ? lists.internalTransactionsTo
      : direction === 'from'
        ? lists.internalTransactionsFrom
        : lists.internalTransactions;
  const max = Number.MAX_SAFE_INTEGER;
  const cursor = blockNumber === undefined ? null : [blockNumber, transactionIndex ?? max, index ?? max];
  const keyOf = (i: number) => {
    const it = chain.internalTransactions.at(i)!;
    return [it.block, it.transactionIndex, it.index];
  };
  const page = takePage(list, true, cursor && ((i) => compareTuples(keyOf(i), cursor) < 0));
  const last = chain.internalTransactions.at(page.elements[page.elements.length - 1] ?? 0)!;
  return pageResponse(
    page.elements.map((i) => internalTransactionJson(ctx, i)),
    page.more
      ? {
          block_number: last.block,
          index: last.index,
          items_count: itemsCount + page.elements.length,
          transaction_index: last.transactionIndex,
        }
      : null,
  );
};
