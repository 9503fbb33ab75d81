/** A transaction in the mempool as Blockscout shows it: `transaction_view.ex` with no block. */
import { z } from 'zod';
import { pendingFields } from '../pendingTransaction.js';
import { transaction, transactionDetail } from './transaction.js';

export const bsPendingTransaction = transaction
  .extend({ ...pendingFields, is_pending_update: z.null() })
  .meta({ id: 'BlockscoutPendingTransaction' });

export const bsPendingTransactionDetail = transactionDetail
  .extend({
    ...pendingFields,
    is_pending_update: z.null(),
    token_transfers: z.tuple([]),
    token_transfers_overflow: z.literal(false),
  })
  .meta({ id: 'BlockscoutPendingTransactionResponse' });
