import { firstWhere } from '../chain/search.js';
import type { Chain } from '../chain/types.js';
import { itemsOf } from './transactions.js';

/**
 * One row of the explorer's activity listing (its advanced filter): a mined transaction, one item
 * of a token transfer log (one per id of an ERC-1155 batch), or an internal transaction.
 */
export type ActivityItem =
  | { readonly kind: 'transaction'; readonly transaction: number }
  | { readonly kind: 'tokenTransfer'; readonly transaction: number; readonly transfer: number; readonly k: number }
  | { readonly kind: 'internal'; readonly transaction: number; readonly internal: number };

/**
 * Where a listing resumes: the explorer's keyset of the last row shown. An internal transaction's
 * row carries `internalIndex`, a token transfer's `logIndex` and `batchIndex`, a transaction's neither.
 */
export interface ActivityCursor {
  readonly block: number;
  readonly transactionIndex: number;
  readonly internalIndex: number | null;
  readonly logIndex: number | null;
  readonly batchIndex: number | null;
}

/** An item's position in an ERC-1155 batch as the explorer counts it: n for the first of n ids, down to 1 (1 outside batches). */
export const batchIndexOf = (chain: Chain, transfer: number, k: number): number =>
  itemsOf(chain.tokenTransfers.at(transfer)!) - k;

/** A transaction's rows in the explorer's order: the transaction, its token transfers (log index descending), its internal transactions (index descending). */
function rowsOf(chain: Chain, transaction: number): ActivityItem[] {
  const t = chain.transactions.at(transaction)!;
  const rows: ActivityItem[] = [{ kind: 'transaction', transaction }];
  for (let transfer = t.tokenTransferStart + t.tokenTransferCount - 1; transfer >= t.tokenTransferStart; transfer--)
    for (let k = 0; k < itemsOf(chain.tokenTransfers.at(transfer)!); k++)
      rows.push({ kind: 'tokenTransfer', transaction, transfer, k });
  for (let internal = t.internalStart + t.internalCount - 1; internal >= t.internalStart; internal--)
    rows.push({ kind: 'internal', transaction, internal });
  return rows;
}

/** Whether `row` comes after the cursor's row, both of the cursor's transaction. */
function afterInTransaction(chain: Chain, row: ActivityItem, cursor: ActivityCursor): boolean {
  if (cursor.internalIndex !== null)
    return row.kind === 'internal' && chain.internalTransactions.at(row.internal)!.index < cursor.internalIndex;
  if (cursor.logIndex !== null) {
    if (row.kind === 'internal') return true;
    if (row.kind !== 'tokenTransfer') return false;
    const logIndex = chain.tokenTransfers.at(row.transfer)!.logIndex;
    return (
      logIndex < cursor.logIndex ||
      (logIndex === cursor.logIndex && batchIndexOf(chain, row.transfer, row.k) < (cursor.batchIndex ?? 1))
    );
  }
  return row.kind !== 'transaction';
}

/** The newest transaction at or before (block, index) in chain order; -1 when none. */
function lastTransactionAtOrBefore(chain: Chain, block: number, index: number): number {
  return (
    firstWhere(chain.transactions.length, (i) => {
      const t = chain.transactions.at(i)!;
      return t.block > block || (t.block === block && t.position > index);
    }) - 1
  );
}

/**
 * Every activity row of the chain, newest first (block, then transaction index, descending; inside
 * a transaction as `rowsOf` orders them), starting after `cursor`'s row; only blocks from
 * `blocks.from` to `blocks.to` when given (their transactions alone are visited), and of the
 * transactions `only` lists (ascending) when given.
 */
export function* activityAfter(
  chain: Chain,
  cursor: ActivityCursor | null,
  blocks: { readonly from: number | null; readonly to: number | null } = { from: null, to: null },
  only?: Int32Array | null,
): Generator<ActivityItem> {
  let t = chain.transactions.length - 1;
  if (blocks.to !== null) t = Math.min(t, lastTransactionAtOrBefore(chain, blocks.to, Number.MAX_SAFE_INTEGER));
  if (cursor) {
    const atCursor = lastTransactionAtOrBefore(chain, cursor.block, cursor.transactionIndex);
    const at = atCursor >= 0 ? chain.transactions.at(atCursor)! : undefined;
    if (atCursor <= t && at && at.block === cursor.block && at.position === cursor.transactionIndex) {
      if (blocks.from === null || at.block >= blocks.from)
        for (const row of rowsOf(chain, atCursor)) if (afterInTransaction(chain, row, cursor)) yield row;
      t = atCursor - 1;
    } else t = Math.min(t, atCursor);
  }
  const from = blocks.from ?? 0;
  if (!only) {
    for (; t >= 0 && chain.transactions.at(t)!.block >= from; t--) yield* rowsOf(chain, t);
    return;
  }
  // Only the listed transactions, from the last at or before t down.
  for (
    let p = firstWhere(only.length, (i) => only[i]! > t) - 1;
    p >= 0 && chain.transactions.at(only[p]!)!.block >= from;
    p--
  )
    yield* rowsOf(chain, only[p]!);
}
