import type { AccountId } from '../chain/types.js';
import { totalSupplyAt } from '../domain/tokenState.js';
import { holdersOf } from '../domain/tokens.js';
import {
  type Action,
  type EtherscanV2Answer,
  type EtherscanV2Context,
  envelope,
  notOk,
  ok,
  type Params,
} from './envelope.js';
import { addressOf, integerOf, listOptions } from './params.js';
import { TEXTS } from './texts.js';

/** The token at `contractaddress` (undefined: no token there), or Etherscan's refusal of the address. */
function tokenParam(ctx: EtherscanV2Context, params: Params): { id: AccountId | undefined } | EtherscanV2Answer {
  const address = addressOf(params.get('contractaddress'));
  if (!address) return notOk(TEXTS.invalidAddress);
  const id = ctx.chain.accountByHash.get(address);
  return { id: id !== undefined && ctx.chain.accounts[id]!.contract?.token ? id : undefined };
}

/** A token's holders with a balance, largest first (the zero address, where burns go, left out). */
const holders = (ctx: EtherscanV2Context, id: AccountId) =>
  holdersOf(ctx.facts, id).filter((h) => h.holder !== ctx.chain.zeroId);

const tokenholderlist: Action = (ctx, params) => {
  const found = tokenParam(ctx, params);
  if ('status' in found) return found;
  const o = listOptions(params, ctx.chain.headHeight);
  if (o.windowTooLarge) return notOk(TEXTS.window);
  const size = params.has('offset') ? o.offset : 10;
  const page = found.id === undefined ? [] : holders(ctx, found.id).slice((o.page - 1) * size, o.page * size);
  return ok(
    page.map((h) => ({
      TokenHolderAddress: ctx.chain.accounts[h.holder]!.lower,
      TokenHolderQuantity: String(h.value),
    })),
  );
};

const tokenholdercount: Action = (ctx, params) => {
  const found = tokenParam(ctx, params);
  if ('status' in found) return found;
  return ok(String(found.id === undefined ? 0 : holders(ctx, found.id).length));
};

const tokeninfo: Action = (ctx, params) => {
  const found = tokenParam(ctx, params);
  if ('status' in found) return found;
  if (found.id === undefined) return envelope('0', 'No data found', []);
  const account = ctx.chain.accounts[found.id]!;
  const token = account.contract!.token!;
  const blank = ['website', 'email', 'blog', 'reddit', 'slack', 'facebook', 'twitter', 'bitcointalk', 'github'];
  const socials = ['telegram', 'wechat', 'linkedin', 'discord', 'whitepaper'];
  return ok([
    {
      contractAddress: account.lower,
      tokenName: token.name,
      symbol: token.symbol,
      divisor: String(token.decimals),
      tokenType: token.type.replace('-', ''),
      totalSupply: String(totalSupplyAt(ctx.facts, found.id, ctx.chain.headHeight)),
      blueCheckmark: 'false',
      description: '',
      ...Object.fromEntries([...blank, ...socials].map((k) => [k, ''])),
      tokenPriceUSD: token.exchangeRate,
    },
  ]);
};

/** `stats/tokensupply` (and its history at `blockno`): the supply in the token's units; `0` for an address with no token. */
const supplyAt =
  (historic: boolean): Action =>
  (ctx, params) => {
    const found = tokenParam(ctx, params);
    if ('status' in found) return found;
    const height = historic ? integerOf(params.get('blockno')) : ctx.chain.headHeight;
    if (height === undefined) return notOk('Error! Invalid blockno');
    if (found.id === undefined) return ok('0');
    return ok(String(totalSupplyAt(ctx.facts, found.id, Math.min(height, ctx.chain.headHeight))));
  };

export const tokenActions: Readonly<Record<string, Action>> = { tokenholderlist, tokenholdercount, tokeninfo };
export const tokenSupplyActions: Readonly<Record<string, Action>> = {
  tokensupply: supplyAt(false),
  tokensupplyhistory: supplyAt(true),
};
