import { coinSupply } from '../../domain/amounts.js';
import { addressListItemJson } from '../../views/address.js';
import type { EndpointHandler } from '../endpoint.js';
import { pageResponse, takePage } from '../paging.js';
import { bigintQuery, hashQuery, integerQuery } from '../params.js';

/** 1 · `/addresses`: every address with a positive balance, richest first. */
export const addresses: EndpointHandler = (ctx, _params, query) => {
  const { chain } = ctx;
  const balance = bigintQuery(query, 'fetched_coin_balance');
  const hash = hashQuery(query, 'hash', 40);
  const itemsCount = integerQuery(query, 'items_count') ?? 0;
  const after =
    balance === undefined
      ? null
      : (id: number) => {
          const account = chain.accounts[id]!;
          return (
            account.balance < balance || (account.balance === balance && (hash === undefined || account.lower > hash))
          );
        };
  const page = takePage(chain.richList, false, after);
  const last = chain.accounts[page.elements[page.elements.length - 1] ?? 0]!;
  const next = page.more
    ? { fetched_coin_balance: String(last.balance), hash: last.lower, items_count: itemsCount + page.elements.length }
    : null;
  const lead = `"exchange_rate":${JSON.stringify(chain.exchangeRate)},"total_supply":${JSON.stringify(coinSupply(chain.totalSupply))},`;
  return pageResponse(
    page.elements.map((id) => addressListItemJson(ctx, id)),
    next,
    lead,
  );
};
