import { accountIdOf } from '../../domain/accounts.js';
import { beaconDepositsOf } from '../../domain/beaconDeposits.js';
import { beaconDepositJson } from '../../views/beaconDeposit.js';
import { blockOf } from '../blockOf.js';
import type { RestContext } from '../context.js';
import type { EndpointHandler } from '../endpoint.js';
import { addressParam, integerQuery } from '../params.js';
import { EMPTY_PAGE, identity, pageResponse, takePage } from '../paging.js';
import { jsonResponse } from '../response.js';
import { transactionOf } from './transaction.js';

/** A page of deposits (positions in log order, ascending), index descending as the explorer sorts them; cursor `index`. */
function depositPage(ctx: RestContext, list: ArrayLike<number>, query: URLSearchParams) {
  const cursor = integerQuery(query, 'index');
  const itemsCount = integerQuery(query, 'items_count') ?? 0;
  const { deposits } = beaconDepositsOf(ctx.facts);
  const page = takePage(list, true, cursor === undefined ? null : (k) => deposits[k]!.index < cursor);
  const last = page.elements[page.elements.length - 1];
  return pageResponse(
    page.elements.map((k) => beaconDepositJson(ctx, k)),
    page.more && last !== undefined
      ? { index: deposits[last]!.index, items_count: itemsCount + page.elements.length }
      : null,
  );
}

/** `/beacon/deposits`: every deposit to the deposit contract (EIP-6110), index descending. */
export const allBeaconDeposits: EndpointHandler = (ctx, _params, query) =>
  depositPage(ctx, identity(beaconDepositsOf(ctx.facts).deposits.length), query);

/** `/beacon/deposits/count`: the latest deposit's index plus one, as the explorer counts them (0 with none). */
export const beaconDepositsCount: EndpointHandler = (ctx) => {
  const { deposits } = beaconDepositsOf(ctx.facts);
  return jsonResponse(200, { deposits_count: (deposits[deposits.length - 1]?.index ?? -1) + 1 });
};

/** `/blocks/{id}/beacon/deposits`: the block's deposits; none for an uncle or a reorged block. */
export const blockBeaconDeposits: EndpointHandler = (ctx, [raw], query) => {
  const found = blockOf(ctx.chain, raw!);
  if (found.type !== 'block') return EMPTY_PAGE;
  return depositPage(ctx, beaconDepositsOf(ctx.facts).byBlock.get(found.height) ?? [], query);
};

/** `/transactions/{hash}/beacon/deposits`: the transaction's deposits; 404 for a hash the chain does not hold. */
export const transactionBeaconDeposits: EndpointHandler = (ctx, [raw], query) =>
  depositPage(ctx, beaconDepositsOf(ctx.facts).byTransaction.get(transactionOf(ctx, raw!)) ?? [], query);

/** `/addresses/{hash}/beacon/deposits`: the deposits the address sent; none for an address the chain does not know. */
export const addressBeaconDeposits: EndpointHandler = (ctx, [raw], query) => {
  const id = accountIdOf(ctx.chain, addressParam(raw!));
  if (id === undefined) return EMPTY_PAGE;
  return depositPage(ctx, beaconDepositsOf(ctx.facts).byFrom.get(id) ?? [], query);
};
