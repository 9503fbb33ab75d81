import { accountOf, addressParam, enumQuery, integerQuery } from '../params.js';
import { compareTuples, EMPTY_PAGE, pageResponse, takePage } from '../paging.js';
import type { Handler } from '../handler.js';
import { transactionJson } from '../../views/transaction.js';

/** 5 · `/addresses/{hash}/transactions`: newest first; `filter=to` (incl. created contracts) or `from`. */
export const addressTransactions: Handler = (ctx, [raw], query) => {
  const { chain } = ctx;
  const id = accountOf(chain, addressParam(raw!));
  const direction = enumQuery(query, 'filter', ['to', 'from'] as const);
  const blockNumber = integerQuery(query, 'block_number');
  const position = integerQuery(query, 'index');
  const itemsCount = integerQuery(query, 'items_count') ?? 0;
  if (id === undefined) return EMPTY_PAGE;
  const index = chain.indexes.at(id)!;
  const list = direction === 'to' ? index.transactionsTo : direction === 'from' ? index.transactionsFrom : index.transactions;
  const cursor = blockNumber === undefined ? null : [blockNumber, position ?? Number.MAX_SAFE_INTEGER];
  const page = takePage(list, true, cursor && ((t) => compareTuples([chain.transactions.at(t)!.block, chain.transactions.at(t)!.position], cursor) < 0));
  const last = chain.transactions.at(page.elements[page.elements.length - 1] ?? 0)!;
  return pageResponse(
    page.elements.map((t) => transactionJson(ctx, t)),
    page.more ? { block_number: last.block, index: last.position, items_count: itemsCount + page.elements.length } : null,
  );
};
