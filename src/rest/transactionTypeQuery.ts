import type { TransactionKind } from '../chain/types.js';
import { BLOCK_TRANSACTION_TYPES } from '../schemas/transactionKinds.js';
import { enumQuery } from './params.js';

/**
 * `type` of a block's transaction list: one kind, or undefined (no filter); 422 otherwise. On a
 * chain with blobs (the explorer's `ethereum` chain type) `blob_transaction` joins them.
 */
export const blockTransactionTypeQuery = (
  query: URLSearchParams,
  withBlobs: boolean,
): TransactionKind | 'blob_transaction' | undefined =>
  withBlobs
    ? enumQuery(query, 'type', [...BLOCK_TRANSACTION_TYPES, 'blob_transaction'] as const)
    : enumQuery(query, 'type', BLOCK_TRANSACTION_TYPES);

/**
 * `type` of `/transactions`: its enum holds `blob_transaction` alone (422 otherwise), and the
 * explorer drops a kind its chain type does not allow before filtering, so on a chain without blobs
 * the value is checked and filters nothing (`PagingHelper.type_filter_options`,
 * `General.transaction_type_param`); on a chain with blobs (`ethereum`) it keeps blob transactions.
 */
export function checkMainListTypeQuery(query: URLSearchParams): void {
  enumQuery(query, 'type', ['blob_transaction'] as const);
}
