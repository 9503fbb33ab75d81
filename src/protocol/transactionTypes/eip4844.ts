import { type TransactionType, tipAboveFeeCap } from '../transactionType.js';

/**
 * EIP-4844 blob transactions: EIP-1559's fees and access list, and blobs of data, committed to by
 * their versioned hashes, paid for at the block's blob base fee up to a blob fee cap.
 */
export const eip4844: TransactionType<3, 'eip4844'> = {
  id: 3,
  name: 'eip4844',
  title: 'EIP-4844',
  typed: true,
  feeMarket: true,
  accessList: true,
  setsCode: false,
  carriesBlobs: true,
  fieldProblem: tipAboveFeeCap,
};
