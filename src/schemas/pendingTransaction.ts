import { z } from 'zod';
import { wei } from './formats.js';
import { transaction } from './transaction.js';

/** What a transaction in the mempool shows in every profile (`pendingForm`): no block, no outcome, the maximum fee. */
export const pendingFields = {
  status: z.null(),
  block_number: z.null(),
  timestamp: z.null(),
  position: z.null(),
  /** `dropped/replaced` for a cheaper competitor that lost to a mined transaction. */
  result: z.enum(['pending', 'dropped/replaced']),
  confirmations: z.literal(0),
  confirmation_duration: z.tuple([]),
  gas_used: z.null(),
  base_fee_per_gas: z.null(),
  priority_fee: z.null(),
  transaction_burnt_fee: z.null(),
  fee: z.strictObject({ type: z.literal('maximum'), value: wei }),
  created_contract: z.null(),
  revert_reason: z.null(),
  has_error_in_internal_transactions: z.null(),
};

/** The spec has no pending transaction; the spec profile shows one with the explorer's nulls. */
export const specPendingTransaction = transaction
  .extend({ ...pendingFields, token_transfers: z.tuple([]), token_transfers_overflow: z.literal(false) })
  .meta({ id: 'PendingTransaction' });
