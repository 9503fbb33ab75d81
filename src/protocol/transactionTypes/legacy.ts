import type { TransactionType } from '../transactionType.js';

/** Legacy transactions: one gas price, EIP-155's `v`, no envelope byte. */
export const legacy: TransactionType<0, 'legacy'> = {
  id: 0,
  name: 'legacy',
  title: 'Legacy',
  typed: false,
  feeMarket: false,
  accessList: false,
  setsCode: false,
  carriesBlobs: false,
  fieldProblem: () => undefined,
};
