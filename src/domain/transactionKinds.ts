import { kindBit, type Transaction, type TransactionKind } from '../chain/types.js';

/**
 * Whether a transaction is of `kind`: the explorer's filter by type and its view's
 * `transaction_types` read the same facts, so the mock reads both from the chain's kinds.
 */
export const hasKind = (transaction: Transaction, kind: TransactionKind): boolean =>
  (transaction.types & kindBit(kind)) !== 0;
