import { contractMethods } from '../../domain/contractMethods.js';
import { listedFees } from '../../domain/activityRow.js';
import { methodName, selectorOf } from '../../domain/transactions.js';
import { advancedFilterItemJson } from '../../views/advancedFilterItem.js';
import { token } from '../../views/token.js';
import { activityCursorOf, advancedFilterOf, itemsCountOf } from '../advancedFilter/advancedFilterQuery.js';
import { advancedFilterRows } from '../advancedFilter/advancedFilterRows.js';
import { DEFAULT_METHODS, defaultMethodById, defaultMethodByName } from '../advancedFilter/defaultMethods.js';
import type { EndpointHandler } from '../endpoint.js';
import { PAGE_SIZE, pageResponse } from '../paging.js';
import { jsonResponse } from '../response.js';

const sortedObject = (entries: [string, unknown][]) =>
  Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * `/advanced-filters`: transactions, token transfers (one row per ERC-1155 id) and internal
 * transactions, newest first and inside a transaction in that order, narrowed by the explorer's
 * filters; `search_params` names the methods and tokens the filters ask for. The explorer's
 * five-key cursor and `items_count`.
 */
export const advancedFilters: EndpointHandler = (ctx, _params, query) => {
  const { chain, facts } = ctx;
  const filter = advancedFilterOf(chain, query);
  const cursor = activityCursorOf(query);
  const itemsCount = itemsCountOf(query);
  const { rows, more } = advancedFilterRows(facts, filter, cursor, PAGE_SIZE);
  const fees = listedFees(rows);
  // A method's name: the default table's, a decoded call's on the page, or a verified contract's.
  const methods = [...(filter.methods ?? [])].flatMap((selector): [string, string][] => {
    const name =
      defaultMethodById(selector)?.name ??
      rows
        .filter((r) => r.item.kind !== 'internal' && selectorOf(facts, r.item.transaction) === selector)
        .map((r) => methodName(facts, r.item.transaction))
        .find((n) => n !== null) ??
      contractMethods(facts).find((m) => m.selector === selector)?.name;
    return name ? [[selector, name]] : [];
  });
  const tokenHashes = [...new Set([...(filter.tokens.include ?? []), ...(filter.tokens.exclude ?? [])])]
    .filter((t) => t !== 'native')
    .slice(0, 20);
  const tokens = tokenHashes.flatMap((lower): [string, unknown][] => {
    const id = chain.accountByHash.get(lower);
    return id !== undefined && chain.accounts[id]!.contract?.token ? [[lower, token(ctx, id)]] : [];
  });
  const last = rows[rows.length - 1];
  return pageResponse(
    rows.map((row, i) => advancedFilterItemJson(ctx, row, fees[i]!)),
    more && last
      ? {
          block_number: last.block,
          transaction_index: last.transactionIndex,
          internal_transaction_index: last.internalIndex,
          token_transfer_index: last.logIndex,
          token_transfer_batch_index: last.batchIndex,
          items_count: itemsCount + rows.length,
        }
      : null,
    `"search_params":${JSON.stringify({ methods: sortedObject(methods), tokens: sortedObject(tokens) })},`,
  );
};

const SELECTOR = /^0x[0-9a-f]{8}$/;

/**
 * `/advanced-filters/methods`: the default methods, a bare array; with `q`, the one method it
 * names (a default selector or name, else a verified contract's method by selector or name; an
 * unknown selector with an empty name) or none.
 */
export const advancedFilterMethods: EndpointHandler = (ctx, _params, query) => {
  const q = query.get('q');
  if (q === null) return jsonResponse(200, DEFAULT_METHODS);
  const text = q.toLowerCase();
  const known = defaultMethodById(text) ?? defaultMethodByName(text);
  if (known) return jsonResponse(200, [known]);
  const isSelector = SELECTOR.test(text);
  const found = contractMethods(ctx.facts).find((m) => (isSelector ? m.selector === text : m.name === text));
  if (found) return jsonResponse(200, [{ method_id: found.selector, name: found.name }]);
  return jsonResponse(200, isSelector ? [{ method_id: text, name: '' }] : []);
};
