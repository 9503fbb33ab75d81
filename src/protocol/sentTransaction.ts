import type { Hex, SignedFields } from './transaction.js';
import type { TransactionTypeId } from './transactionTypes.js';

/** A signed transaction a client sent, decoded and its sender recovered; addresses lower-case. */
export interface SentTransaction {
  /** The keccak of the signed payload, as on any chain. */
  readonly hash: Hex;
  readonly from: string;
  /** Null for a contract creation. */
  readonly to: string | null;
  readonly nonce: number;
  readonly value: bigint;
  readonly gasLimit: number;
  readonly type: TransactionTypeId;
  /** The gas price (a type without a fee market), or the fee cap. */
  readonly maxFeePerGas: bigint;
  /** The tip; the gas price for a type without a fee market. */
  readonly maxPriorityFeePerGas: bigint;
  readonly signed: SignedFields;
}
