import { type TransactionType, tipAboveFeeCap } from '../transactionType.js';

/**
 * EIP-7702 set-code transactions: EIP-1559's fees and access list, and a list of authorizations,
 * each signed by an account (its authority) that takes the code of the address it names.
 */
export const eip7702: TransactionType<4, 'eip7702'> = {
  id: 4,
  name: 'eip7702',
  title: 'EIP-7702',
  typed: true,
  feeMarket: true,
  accessList: true,
  setsCode: true,
  carriesBlobs: false,
  fieldProblem: tipAboveFeeCap,
};
