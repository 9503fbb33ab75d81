import type { AddressWithdrawal } from '../schemas/index.js';
import type { Profile } from '../schemas/profile.js';
import type { WithdrawalForm } from '../profiles/shapes.js';
import { addressRef } from './addressRef.js';
import { cachedJson, type ViewContext } from './context.js';
import { isoTimestamp } from './isoTimestamp.js';

/** A withdrawal as an address's withdrawals list shows it: without `receiver`, which is the address. */
function addressWithdrawalForm(ctx: ViewContext, index: number): AddressWithdrawal {
  const w = ctx.chain.withdrawals.at(index)!;
  return {
    index: w.index,
    amount: String(w.amount),
    validator_index: w.validatorIndex,
    block_number: w.block,
    timestamp: isoTimestamp(ctx.chain.blocks.at(w.block)!.timestamp),
  };
}

/** A withdrawal with its receiver. */
const withdrawalForm = <P extends Profile>(ctx: ViewContext<P>, index: number): WithdrawalForm<P> => ({
  ...addressWithdrawalForm(ctx, index),
  receiver: addressRef(ctx, ctx.chain.withdrawals.at(index)!.receiverId),
});

/** An item of `/addresses/{h}/withdrawals`. */
export const addressWithdrawalJson = (ctx: ViewContext, index: number): string =>
  cachedJson(ctx, `address-withdrawal:${index}`, () => addressWithdrawalForm(ctx, index));

/** An item of `/withdrawals`. */
export const withdrawalJson = (ctx: ViewContext, index: number): string =>
  cachedJson(ctx, `withdrawal:${index}`, () => withdrawalForm(ctx, index));

/** An item of `/blocks/{id}/withdrawals`. */
export const blockWithdrawalJson = (ctx: ViewContext, index: number): string =>
  cachedJson(ctx, `block-withdrawal:${index}`, () => ctx.format.blockWithdrawal(withdrawalForm(ctx, index)));
