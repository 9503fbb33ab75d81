import type { Transaction } from '../chain/types.js';
import { offeredPrice } from '../protocol/transactionType.js';
import { cheaper } from './replacements.js';

/**
 * What a transaction waiting in the mempool offers, as every API shows it before it is mined: the
 * price per gas it offers (its fee cap, or its gas price), its fee fields, and the most it can
 * cost (`fee: maximum`). A losing competitor offers 10% less of each.
 */
export interface PendingOffer {
  readonly gasPrice: bigint;
  readonly maxFeePerGas: bigint | null;
  readonly maxPriorityFeePerGas: bigint | null;
  /** Gas limit times the price offered. */
  readonly maxFee: bigint;
}

/** The offer of a pending transaction whose mined form is `transaction` (a competitor's: 10% lower). */
export function pendingOfferOf(transaction: Transaction, competitor: boolean): PendingOffer {
  const lower = (wei: bigint) => (competitor ? cheaper(wei) : wei);
  const gasPrice = lower(offeredPrice(transaction));
  return {
    gasPrice,
    maxFeePerGas: transaction.maxFeePerGas === null ? null : lower(transaction.maxFeePerGas),
    maxPriorityFeePerGas: transaction.maxPriorityFeePerGas === null ? null : lower(transaction.maxPriorityFeePerGas),
    maxFee: BigInt(transaction.gasLimit) * gasPrice,
  };
}
