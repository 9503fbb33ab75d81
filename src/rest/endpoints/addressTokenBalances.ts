import { accountIdOf } from '../../domain/accounts.js';
import { tokenBalancesOf } from '../../domain/tokens.js';
import { tokenBalanceRowJson } from '../../views/holdings.js';
import type { EndpointHandler } from '../endpoint.js';
import { addressParam } from '../params.js';

/**
 * `/addresses/{h}/token-balances`: everything the address holds, one array, no pages
 * (`AddressController.token_balances`): fiat value, then value descending; `[]` for an address the
 * chain has never seen.
 */
export const addressTokenBalances: EndpointHandler = (ctx, [raw]) => {
  const id = accountIdOf(ctx.chain, addressParam(raw!));
  const rows = id === undefined ? [] : tokenBalancesOf(ctx.facts, id).map((h) => tokenBalanceRowJson(ctx, h));
  return { status: 200, body: `[${rows.join(',')}]` };
};
