import type { TokenTransfer as TokenTransferView } from '../schemas/index.js';
import type { TokenTransfer, Transaction } from '../chain/types.js';
import { addressRef } from './addressRef.js';
import type { ViewContext } from './context.js';
import { isoTimestamp } from './format.js';
import { token } from './token.js';
import { tokenInstanceView } from './tokenInstance.js';
import * as blockscout from '../profiles/blockscout.js';

/** The method a transaction calls, or null for transfers and creations. */
export const methodName = (transaction: Transaction): string | null => transaction.call?.functionName ?? null;

/** Items a token transfer log is listed as: one per token id of an ERC-1155 batch, else one. */
export const itemsOf = (transfer: TokenTransfer): number => transfer.tokenIds?.length ?? 1;

/** The `k`-th item of token transfer log `index` (k > 0 only inside an ERC-1155 batch). */
export function tokenTransferView(ctx: ViewContext, index: number, k: number): TokenTransferView {
  const { chain } = ctx;
  const transfer = chain.tokenTransfers.at(index)!;
  const transaction = chain.transactions.at(transfer.transaction)!;
  const block = chain.blocks.at(transfer.block)!;
  const tokenInfo = chain.accounts[transfer.tokenId]!.contract!.token!;
  const type: TokenTransferView['type'] =
    transfer.fromId === chain.zeroId
      ? 'token_minting'
      : transfer.toId === chain.zeroId
        ? 'token_burning'
        : 'token_transfer';
  const spec: TokenTransferView = {
    block_hash: block.hash,
    transaction_hash: transaction.hash,
    log_index: transfer.logIndex,
    method: methodName(transaction),
    timestamp: isoTimestamp(block.timestamp),
    from: addressRef(ctx, transfer.fromId)!,
    to: addressRef(ctx, transfer.toId)!,
    token: token(ctx, transfer.tokenId),
    total: { decimals: String(tokenInfo.decimals), value: String(transfer.amounts[k]!) },
    type,
  };
  if (ctx.profile !== 'blockscout') return spec;
  const instance = transfer.tokenIds && tokenInstanceView(ctx, transfer.tokenId, transfer.tokenIds[k]!, transfer.toId);
  return blockscout.tokenTransfer(spec, transfer, k, tokenInfo.type, instance) as unknown as TokenTransferView;
}
