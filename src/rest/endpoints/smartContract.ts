import { accountIdOf, hasCode } from '../../domain/accounts.js';
import { smartContractJson } from '../../views/smartContract.js';
import type { EndpointHandler } from '../endpoint.js';
import { notFound } from '../errors.js';
import { addressParam } from '../params.js';

/** 12 · `/smart-contracts/{hash}`: the verified contract, or its bytecode when unverified. */
export const smartContract: EndpointHandler = (ctx, [raw]) => {
  const id = accountIdOf(ctx.chain, addressParam(raw!));
  if (id === undefined || !hasCode(ctx.chain.accounts[id]!)) throw notFound();
  return { status: 200, body: smartContractJson(ctx, id) };
};
