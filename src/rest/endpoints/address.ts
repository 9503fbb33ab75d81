import { jsonResponse } from '../response.js';
import { accountOf, addressParam } from '../params.js';
import type { EndpointHandler } from '../endpoint.js';
import { cachedJson } from '../../views/context.js';
import { addressView, unknownAddressView } from '../../views/address.js';
import { heavy } from '../../domain/lazyModules.js';
import * as blockscout from '../../profiles/blockscout.js';

/** 2 · `/addresses/{hash}`: one address; a stub for an address the chain has never seen. */
export const address: EndpointHandler = (ctx, [raw]) => {
  const lower = addressParam(raw!);
  const id = accountOf(ctx.chain, lower);
  if (id === undefined) {
    const stub = unknownAddressView(heavy.address.get().checksum(lower), ctx.chain.exchangeRate);
    return jsonResponse(200, ctx.profile === 'blockscout' ? blockscout.unknownAddress(stub as never) : stub);
  }
  return { status: 200, body: cachedJson(ctx, `address:${id}`, () => addressView(ctx, id)) };
};
