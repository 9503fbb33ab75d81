import { type TransactionType, tipAboveFeeCap } from '../transactionType.js';

/** EIP-1559 transactions: a fee cap and a tip over the block's base fee, and an access list. */
export const eip1559: TransactionType<2, 'eip1559'> = {
  id: 2,
  name: 'eip1559',
  title: 'EIP-1559',
  typed: true,
  feeMarket: true,
  accessList: true,
  setsCode: false,
  carriesBlobs: false,
  fieldProblem: tipAboveFeeCap,
};
