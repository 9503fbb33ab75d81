import type { Token } from '../schemas/index.js';
import type { AccountId } from '../chain/types.js';
import { cachedObject, type ViewContext } from './context.js';
import { marketValue } from './format.js';
import * as blockscout from '../profiles/blockscout.js';

/** The token object of a token contract. */
export function tokenView(ctx: ViewContext, id: AccountId): Token {
  const account = ctx.chain.accounts[id]!;
  const token = account.contract!.token!;
  return {
    address_hash: account.hash,
    name: token.name,
    symbol: token.symbol,
    decimals: String(token.decimals),
    type: token.type,
    holders_count: String(token.holdersCount),
    exchange_rate: token.exchangeRate,
    total_supply: String(token.totalSupply),
    circulating_market_cap: marketValue(token.exchangeRate, token.totalSupply, token.decimals),
    icon_url: token.iconUrl,
  };
}

/** The memoised token object of a token contract. */
export const token = (ctx: ViewContext, id: AccountId): Token =>
  cachedObject(ctx, `token:${id}`, () =>
    ctx.profile === 'blockscout' ? (blockscout.token(tokenView(ctx, id)) as unknown as Token) : tokenView(ctx, id),
  );
