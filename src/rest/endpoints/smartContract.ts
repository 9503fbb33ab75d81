import { notFound } from '../errors.js';
import { accountOf, addressParam } from '../params.js';
import type { EndpointHandler } from '../endpoint.js';
import { cachedJson } from '../../views/context.js';
import { smartContractView } from '../../views/smartContract.js';
import { hasCode } from '../../views/addressRef.js';

/** 12 · `/smart-contracts/{hash}`: the verified contract, or its bytecode when unverified. */
export const smartContract: EndpointHandler = (ctx, [raw]) => {
  const id = accountOf(ctx.chain, addressParam(raw!));
  if (id === undefined || !hasCode(ctx.chain.accounts[id]!)) throw notFound();
  return { status: 200, body: cachedJson(ctx, `contract:${id}`, () => smartContractView(ctx, id)) };
};
