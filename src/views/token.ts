import type { AccountId } from '../chain/types.js';
import { marketCapOf, tokenOf, unansweredOf } from '../domain/tokens.js';
import type { TokenOut } from '../profiles/shapes.js';
import type { Token } from '../schemas/index.js';
import type { Profile } from '../schemas/profile.js';
import { cachedObject, type ViewContext } from './context.js';

/** The spec's token object of a token contract. */
export function tokenForm(ctx: ViewContext, id: AccountId): Token {
  const account = ctx.chain.accounts[id]!;
  const token = tokenOf(ctx.facts, id);
  return {
    address_hash: account.hash,
    name: token.name,
    symbol: token.symbol,
    decimals: String(token.decimals),
    type: token.type,
    holders_count: String(token.holdersCount),
    exchange_rate: token.exchangeRate,
    total_supply: String(token.totalSupply),
    circulating_market_cap: marketCapOf(token),
    icon_url: token.iconUrl,
  };
}

/** The profile's token object of a token contract (memoised). */
export const token = <P extends Profile>(ctx: ViewContext<P>, id: AccountId): TokenOut<P> =>
  cachedObject(ctx, `token:${id}`, () =>
    ctx.format.token(tokenForm(ctx, id), tokenOf(ctx.facts, id), unansweredOf(ctx.facts, id)),
  );

/** The token object as JSON (`/tokens` items, `/tokens/{h}`). */
export const tokenJson = (ctx: ViewContext, id: AccountId): string => JSON.stringify(token(ctx, id));
