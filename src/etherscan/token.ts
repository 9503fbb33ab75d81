import { holdersOf } from '../domain/tokens.js';
import { type Action, fail, ok, sorted } from './envelope.js';
import { addressOf, integerOf } from './params.js';

const REQUIRED = 'Query parameter contract address is required';
const INVALID = 'Invalid contract address hash';

const getToken: Action = (ctx, params) => {
  const raw = params.get('contractaddress');
  if (raw === undefined) return fail(REQUIRED);
  const address = addressOf(raw);
  if (!address) return fail(INVALID);
  const id = ctx.chain.accountByHash.get(address);
  const token = id === undefined ? undefined : ctx.chain.accounts[id]!.contract?.token;
  if (!token) return fail('Contract address not found');
  return ok(
    sorted({
      cataloged: true,
      contractAddress: address,
      decimals: token.type === 'ERC-20' || token.type === 'ERC-404' ? String(token.decimals) : '',
      name: token.name,
      symbol: token.symbol,
      totalSupply: String(token.totalSupply),
      type: token.type,
    }),
  );
};

const getTokenHolders: Action = (ctx, params) => {
  const raw = params.get('contractaddress');
  if (raw === undefined) return fail(REQUIRED);
  const address = addressOf(raw);
  if (!address) return fail(INVALID);
  const id = ctx.chain.accountByHash.get(address);
  if (id === undefined || !ctx.chain.accounts[id]!.contract?.token) return ok([]);
  const page = Math.max(1, integerOf(params.get('page')) ?? 1);
  const asked = integerOf(params.get('offset'));
  const offset = asked !== undefined && asked > 0 && asked <= 10_000 ? asked : 10;
  const holders = holdersOf(ctx.facts, id).filter((h) => h.holder !== ctx.chain.zeroId);
  return ok(
    holders
      .slice((page - 1) * offset, page * offset)
      .map((h) => ({ address: ctx.chain.accounts[h.holder]!.lower, value: String(h.value) })),
  );
};

export const tokenActions: Readonly<Record<string, Action>> = { gettoken: getToken, gettokenholders: getTokenHolders };
