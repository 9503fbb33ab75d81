import { accountIdOf, hasCode } from '../../domain/accounts.js';
import { delegatedSmartContractJson, smartContractJson } from '../../views/smartContract.js';
import type { EndpointHandler } from '../endpoint.js';
import { notFound } from '../errors.js';
import { addressParam } from '../params.js';

/** 12 · `/smart-contracts/{hash}`: the verified contract, or its bytecode when unverified (a delegated EOA's where the profile shows one). */
export const smartContract: EndpointHandler = (ctx, [raw]) => {
  const id = accountIdOf(ctx.chain, addressParam(raw!));
  if (id === undefined) throw notFound();
  if (hasCode(ctx.chain.accounts[id]!)) return { status: 200, body: smartContractJson(ctx, id) };
  const delegated = delegatedSmartContractJson(ctx, id);
  if (delegated === null) throw notFound();
  return { status: 200, body: delegated };
};
