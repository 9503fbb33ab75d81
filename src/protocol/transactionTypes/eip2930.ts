import type { TransactionType } from '../transactionType.js';

/** EIP-2930 transactions: one gas price and an access list. */
export const eip2930: TransactionType<1, 'eip2930'> = {
  id: 1,
  name: 'eip2930',
  title: 'EIP-2930',
  typed: true,
  feeMarket: false,
  accessList: true,
  setsCode: false,
  carriesBlobs: false,
  fieldProblem: () => undefined,
};
