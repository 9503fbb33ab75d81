import type { TransactionKind } from '../chain/types.js';

/**
 * The kinds a block's transaction list filters by (`type`): the explorer's
 * `General.allowed_transaction_types()` on a chain type other than `ethereum`, as `/config/backend`
 * says this chain is (`blob_transaction` joins them only there). One value, as the parameter's
 * OpenApiSpex enum takes it: a comma list or an unknown kind is a 422. Apart from the schemas, so the
 * REST API checks it without loading zod.
 */
export const BLOCK_TRANSACTION_TYPES = [
  'coin_transfer',
  'contract_call',
  'contract_creation',
  'token_transfer',
  'token_creation',
] as const satisfies readonly TransactionKind[];
