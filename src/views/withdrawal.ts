import type { AddressWithdrawal, Withdrawal } from '../schemas/index.js';
import { addressRef } from './addressRef.js';
import type { ViewContext } from './context.js';
import { isoTimestamp } from './format.js';

/** A withdrawal as an address's withdrawals list shows it: without `receiver`, which is the address. */
export function addressWithdrawalView(ctx: ViewContext, index: number): AddressWithdrawal {
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
export const withdrawalView = (ctx: ViewContext, index: number): Withdrawal => ({
  ...addressWithdrawalView(ctx, index),
  receiver: addressRef(ctx, ctx.chain.withdrawals.at(index)!.receiverId)!,
});
