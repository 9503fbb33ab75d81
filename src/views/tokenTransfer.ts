import { tokenOf } from '../domain/tokens.js';
import { methodName } from '../domain/transactions.js';
import type { Shape } from '../profiles/shapes.js';
import type { Profile } from '../schemas/profile.js';
import { addressRef } from './addressRef.js';
import { cachedJson, type ViewContext } from './context.js';
import { isoTimestamp } from './isoTimestamp.js';
import { shownMethod } from './shownMethod.js';
import { token } from './token.js';
import { tokenInstanceOut } from './tokenInstance.js';

/** The `k`-th item of token transfer log `index` (k > 0 only inside an ERC-1155 batch). */
export function tokenTransferOut<P extends Profile>(
  ctx: ViewContext<P>,
  index: number,
  k: number,
): Shape<P, 'tokenTransfer'> {
  const { chain } = ctx;
  const transfer = chain.tokenTransfers.at(index)!;
  const transaction = chain.transactions.at(transfer.transaction)!;
  const block = chain.blocks.at(transfer.block)!;
  const info = tokenOf(ctx.facts, transfer.tokenId);
  const type =
    transfer.fromId === chain.zeroId
      ? 'token_minting'
      : transfer.toId === chain.zeroId
        ? 'token_burning'
        : 'token_transfer';
  const instance = () =>
    transfer.tokenIds && tokenInstanceOut(ctx, transfer.tokenId, transfer.tokenIds[k]!, transfer.toId);
  return ctx.format.tokenTransfer(
    {
      block_hash: block.hash,
      transaction_hash: transaction.hash,
      log_index: transfer.logIndex,
      method: shownMethod(ctx, transfer.transaction, methodName(ctx.facts, transfer.transaction), true),
      timestamp: isoTimestamp(block.timestamp),
      from: addressRef(ctx, transfer.fromId),
      to: addressRef(ctx, transfer.toId),
      token: token(ctx, transfer.tokenId),
      total: { decimals: String(info.decimals), value: String(transfer.amounts[k]!) },
      type,
    },
    transfer,
    k,
    info.type,
    instance,
  );
}

export const tokenTransferJson = (ctx: ViewContext, index: number, k: number): string =>
  cachedJson(ctx, `tt:${index}:${k}`, () => tokenTransferOut(ctx, index, k));
