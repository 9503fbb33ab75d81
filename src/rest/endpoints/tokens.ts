import { accountIdOf } from '../../domain/accounts.js';
import {
  marketCapOf,
  compareTokenKeys,
  type Holder,
  holdersOf,
  tokenOf,
  tokensInExplorerOrder,
  transfersOfToken,
  type TokenKey,
} from '../../domain/tokens.js';
import { itemsOf } from '../../domain/transactions.js';
import { tokenHolderJson } from '../../views/holdings.js';
import { tokenJson } from '../../views/token.js';
import type { RestContext } from '../context.js';
import type { EndpointHandler } from '../endpoint.js';
import { invalidParameter, notFound } from '../errors.js';
import { identity, pageResponse, takePage } from '../paging.js';
import { addressParam, bigintQuery, hashQuery, integerQuery, textQuery, tokenTypesQuery } from '../params.js';
import { type ApiResponse, jsonResponse } from '../response.js';
import { tokenTransferPage } from '../tokenTransferPage.js';

/** A non-negative decimal (a fiat value) as a sortable number; null stays null. */
const fiat = (value: string | null): number | null => (value === null ? null : Number(value));

/** The `/tokens` cursor, when the client sent one: every key of the explorer's `next_page_params`. */
function tokenCursor(query: URLSearchParams): TokenKey | null {
  const address = hashQuery(query, 'contract_address_hash', 40);
  if (address === undefined) return null;
  const decimal = (key: string) => {
    const value = textQuery(query, key);
    if (value !== null && !/^\d+(\.\d+)?$/.test(value)) throw invalidParameter(`/${key}`, 'Invalid number');
    return fiat(value);
  };
  const isNameNull = textQuery(query, 'is_name_null') === 'true';
  return {
    marketCap: decimal('market_cap'),
    fiatValue: decimal('fiat_value'),
    holders: integerQuery(query, 'holders_count') ?? 0,
    name: isNameNull ? '' : (textQuery(query, 'name') ?? ''),
    address,
  };
}

/** The token contract a path names; 404 for an address that is not one. */
export function tokenContractOf(ctx: RestContext, raw: string): number {
  const id = accountIdOf(ctx.chain, addressParam(raw));
  if (id === undefined || !ctx.chain.accounts[id]!.contract?.token) throw notFound();
  return id;
}

/** `/tokens`: every token in the explorer's order; `q` matches name or symbol, `type` filters; the explorer's keyset cursor. */
export const tokens: EndpointHandler = (ctx, _params, query) => {
  const q = textQuery(query, 'q')?.toLowerCase();
  const types = tokenTypesQuery(query, 'type');
  const cursor = tokenCursor(query);
  integerQuery(query, 'items_count');
  const info = (id: number) => tokenOf(ctx.facts, id);
  const { ids, keys } = tokensInExplorerOrder(ctx.facts);
  const list = ids.filter(
    (id) =>
      (!types || types.has(info(id).type)) &&
      (!q || info(id).name.toLowerCase().includes(q) || info(id).symbol.toLowerCase().includes(q)),
  );
  const page = takePage(list, false, cursor && ((id) => compareTokenKeys(keys.get(id)!, cursor) > 0));
  const last = page.elements[page.elements.length - 1];
  const count = (integerQuery(query, 'items_count') ?? 0) + page.elements.length;
  return pageResponse(
    page.elements.map((id) => tokenJson(ctx, id)),
    page.more && last !== undefined
      ? {
          contract_address_hash: ctx.chain.accounts[last]!.hash,
          fiat_value: info(last).exchangeRate,
          holders_count: info(last).holdersCount,
          is_name_null: false,
          items_count: count,
          market_cap: marketCapOf(info(last)),
          name: info(last).name,
        }
      : null,
  );
};

/** `/tokens/{h}`. */
export const tokenDetail: EndpointHandler = (ctx, [raw]) => ({
  status: 200,
  body: tokenJson(ctx, tokenContractOf(ctx, raw!)),
});

/** `/tokens/{h}/counters`. */
export const tokenCounters: EndpointHandler = (ctx, [raw]) => {
  const id = tokenContractOf(ctx, raw!);
  let transfers = 0;
  for (const t of transfersOfToken(ctx.facts, id)) transfers += itemsOf(ctx.chain.tokenTransfers.at(t)!);
  return jsonResponse(200, {
    token_holders_count: String(tokenOf(ctx.facts, id).holdersCount),
    transfers_count: String(transfers),
  });
};

/** `/tokens/{h}/transfers`: newest first, as an address's token transfers. */
export const tokenTransfers: EndpointHandler = (ctx, [raw], query) =>
  tokenTransferPage(ctx, transfersOfToken(ctx.facts, tokenContractOf(ctx, raw!)), query);

/** `/tokens/{h}/holders`: holders by value then address, descending; cursor `value` and `address_hash`. */
export const tokenHolders: EndpointHandler = (ctx, [raw], query) =>
  holdersPage(ctx, holdersOf(ctx.facts, tokenContractOf(ctx, raw!)), null, query);

/** A page of holders (value, then address descending), after the explorer's cursor (`value`, `address_hash`). */
export function holdersPage(
  ctx: RestContext,
  holders: readonly Holder[],
  tokenId: bigint | null,
  query: URLSearchParams,
): ApiResponse {
  const address = hashQuery(query, 'address_hash', 40);
  const value = bigintQuery(query, 'value');
  const lower = (h: number) => ctx.chain.accounts[h]!.lower;
  const after =
    address === undefined
      ? null
      : (k: number) =>
          holders[k]!.value < (value ?? 0n) ||
          (holders[k]!.value === (value ?? 0n) && lower(holders[k]!.holder) < address);
  const page = takePage(identity(holders.length), false, after);
  const last = holders[page.elements[page.elements.length - 1] ?? -1];
  return pageResponse(
    page.elements.map((k) => tokenHolderJson(ctx, holders[k]!, tokenId)),
    page.more && last
      ? {
          address_hash: ctx.chain.accounts[last.holder]!.hash,
          value: String(last.value),
          items_count: (integerQuery(query, 'items_count') ?? 0) + page.elements.length,
        }
      : null,
  );
}
