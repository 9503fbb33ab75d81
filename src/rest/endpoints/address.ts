import { accountIdOf } from '../../domain/accounts.js';
import { lazyModules } from '../../domain/lazyModules.js';
import { addressJson, unknownAddressJson } from '../../views/address.js';
import type { EndpointHandler } from '../endpoint.js';
import { addressParam } from '../params.js';

/** 2 · `/addresses/{hash}`: one address; a stub for an address the chain has never seen. */
export const address: EndpointHandler = (ctx, [raw]) => {
  const lower = addressParam(raw!);
  const id = accountIdOf(ctx.chain, lower);
  if (id === undefined)
    return { status: 200, body: unknownAddressJson(ctx, lazyModules.checksum.get().checksum(lower)) };
  return { status: 200, body: addressJson(ctx, id) };
};
