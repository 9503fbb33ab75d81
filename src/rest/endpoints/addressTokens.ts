import { accountIdOf } from '../../domain/accounts.js';
import { compareHoldingKeys, type HoldingKey } from '../../chain/order.js';
import { TOKEN_TYPES, type Holding } from '../../chain/types.js';
import { addressParam, bigintQuery, enumQuery, integerQuery, textQuery, tokenTypesQuery } from '../params.js';
import { EMPTY_PAGE, identity, pageResponse, takePage } from '../paging.js';
import type { EndpointHandler } from '../endpoint.js';
import type { RestContext } from '../context.js';
import { tokenBalanceJson } from '../../views/holdings.js';
import { rawNumber, writeRawNumbers } from '../../views/rawNumber.js';

const keyOf = (ctx: RestContext, h: Holding): HoldingKey => {
  const info = ctx.chain.accounts[h.tokenId]!.contract!.token!;
  return { value: h.value, type: info.type, name: info.name };
};

/**
 * 3 · `/addresses/{hash}/tokens`: what the address holds, value descending. The cursor keys
 * (value, type, name) can tie between rows, so a page never ends inside such a tie.
 */
export const addressTokens: EndpointHandler = (ctx, [raw], query) => {
  const id = accountIdOf(ctx.chain, addressParam(raw!));
  const types = tokenTypesQuery(query, 'type');
  const value = bigintQuery(query, 'value');
  const cursorType = enumQuery(query, 'token_type', TOKEN_TYPES);
  const cursorName = textQuery(query, 'token_name');
  const itemsCount = integerQuery(query, 'items_count') ?? 0;
  if (id === undefined) return EMPTY_PAGE;
  const all = ctx.chain.indexes.at(id)!.holdings;
  const rows = types ? all.filter((h) => types.has(ctx.chain.accounts[h.tokenId]!.contract!.token!.type)) : all;
  const cursor: HoldingKey | null =
    value === undefined ? null : { value, type: cursorType ?? 'ERC-20', name: cursorName };
  const page = takePage(
    identity(rows.length),
    false,
    cursor && ((i) => compareHoldingKeys(keyOf(ctx, rows[i]!), cursor) > 0),
    {
      together: (a, b) => compareHoldingKeys(keyOf(ctx, rows[a]!), keyOf(ctx, rows[b]!)) === 0,
    },
  );
  const items = page.elements.map((i) => tokenBalanceJson(ctx, rows[i]!, id));
  const last = rows[page.elements[page.elements.length - 1] ?? 0];
  const next =
    page.more && last
      ? {
          items_count: itemsCount + page.elements.length,
          token_name: keyOf(ctx, last).name,
          token_type: keyOf(ctx, last).type,
          value: rawNumber(last.value),
        }
      : null;
  const response = pageResponse(items, next);
  return { status: 200, body: writeRawNumbers(response.body) };
};
