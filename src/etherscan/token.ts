import { holdersOf } from '../domain/tokens.js';
import { type Action, type EtherscanContext, fail, ok, type Params, sorted } from './envelope.js';
import { addressOf, listOptions, pageOf } from './params.js';
import { tokenFields } from './tokenFields.js';

const REQUIRED = 'Query parameter contract address is required';
const INVALID = 'Invalid contract address hash';

/** The `contractaddress` parameter and the account it names (undefined: the chain never saw it), or the explorer's error. */
function contractParam(ctx: EtherscanContext, params: Params) {
  const raw = params.get('contractaddress');
  if (raw === undefined) return fail(REQUIRED);
  const address = addressOf(raw);
  if (!address) return fail(INVALID);
  return { address, id: ctx.chain.accountByHash.get(address) };
}

const getToken: Action = (ctx, params) => {
  const found = contractParam(ctx, params);
  if ('status' in found) return found;
  const { address, id } = found;
  const token = id === undefined ? undefined : ctx.chain.accounts[id]!.contract?.token;
  if (!token) return fail('Contract address not found');
  return ok(
    sorted({
      cataloged: true,
      contractAddress: address,
      ...tokenFields(ctx.facts, id!),
      totalSupply: String(token.totalSupply),
      type: token.type,
    }),
  );
};

const getTokenHolders: Action = (ctx, params) => {
  const found = contractParam(ctx, params);
  if ('status' in found) return found;
  const { id } = found;
  if (id === undefined || !ctx.chain.accounts[id]!.contract?.token) return ok([]);
  const holders = holdersOf(ctx.facts, id).filter((h) => h.holder !== ctx.chain.zeroId);
  return ok(
    pageOf(holders, listOptions(params, 10)).map((h) => ({
      address: ctx.chain.accounts[h.holder]!.lower,
      value: String(h.value),
    })),
  );
};

export const tokenActions: Readonly<Record<string, Action>> = { gettoken: getToken, gettokenholders: getTokenHolders };
