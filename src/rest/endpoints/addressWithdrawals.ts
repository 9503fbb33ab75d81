import { accountIdOf } from '../../domain/accounts.js';
import { addressParam, integerQuery } from '../params.js';
import { EMPTY_PAGE, pageResponse, takePage } from '../paging.js';
import type { EndpointHandler } from '../endpoint.js';
import { addressWithdrawalJson } from '../../views/withdrawal.js';

/** 8 · `/addresses/{hash}/withdrawals`: the address's withdrawals, index descending. */
export const addressWithdrawals: EndpointHandler = (ctx, [raw], query) => {
  const id = accountIdOf(ctx.chain, addressParam(raw!));
  const cursor = integerQuery(query, 'index');
  const itemsCount = integerQuery(query, 'items_count') ?? 0;
  if (id === undefined) return EMPTY_PAGE;
  const page = takePage(ctx.chain.indexes.at(id)!.withdrawals, true, cursor === undefined ? null : (w) => w < cursor);
  const last = page.elements[page.elements.length - 1];
  return pageResponse(
    page.elements.map((w) => addressWithdrawalJson(ctx, w)),
    page.more && last !== undefined ? { index: last, items_count: itemsCount + page.elements.length } : null,
  );
};
