import type { ActivityRow } from '../domain/activityRow.js';
import { methodName, resultOf } from '../domain/transactions.js';
import { addressRef, addressRefOrNull } from './addressRef.js';
import { cachedJson, type ViewContext } from './context.js';
import { isoTimestamp } from './isoTimestamp.js';
import { shownMethod } from './shownMethod.js';
import { token } from './token.js';
import { tokenTransferOut } from './tokenTransfer.js';

/** A row of `/advanced-filters` without its fee (which depends on the rows before it on the page). */
function advancedFilterItemOut(ctx: ViewContext, row: ActivityRow) {
  const { chain } = ctx;
  const { item } = row;
  const tx = chain.transactions.at(item.transaction)!;
  const transfer = item.kind === 'tokenTransfer' ? chain.tokenTransfers.at(item.transfer)! : null;
  return {
    hash: tx.hash,
    type: row.type,
    status: resultOf(tx),
    // An internal call's method is read from its own input, which the mock's calls leave empty. A
    // token transfer's row names the token as its callee, which Blockscout takes as code.
    method:
      item.kind === 'internal'
        ? null
        : shownMethod(ctx, item.transaction, methodName(ctx.facts, item.transaction), item.kind === 'tokenTransfer'),
    from: addressRef(ctx, row.from),
    to: addressRefOrNull(ctx, row.to),
    created_contract: addressRefOrNull(ctx, row.created),
    value: row.value === null ? null : String(row.value),
    total: item.kind === 'tokenTransfer' ? tokenTransferOut(ctx, item.transfer, item.k).total : null,
    token: transfer ? token(ctx, transfer.tokenId) : null,
    timestamp: isoTimestamp(chain.blocks.at(row.block)!.timestamp),
    block_number: row.block,
    transaction_index: row.transactionIndex,
    internal_transaction_index: row.internalIndex,
    token_transfer_index: row.logIndex,
    token_transfer_batch_index: row.batchIndex,
  };
}

const keyOf = (row: ActivityRow): string => {
  const { item } = row;
  return item.kind === 'transaction'
    ? `af:t:${item.transaction}`
    : item.kind === 'internal'
      ? `af:i:${item.internal}`
      : `af:tt:${item.transfer}:${item.k}`;
};

/** The JSON of an `/advanced-filters` row, with the fee the listing shows for it (last, as the explorer's view puts it). */
export function advancedFilterItemJson(ctx: ViewContext, row: ActivityRow, fee: bigint | null): string {
  const json = cachedJson(ctx, keyOf(row), () => advancedFilterItemOut(ctx, row));
  return `${json.slice(0, -1)},"fee":${fee === null ? 'null' : `"${fee}"`}}`;
}
