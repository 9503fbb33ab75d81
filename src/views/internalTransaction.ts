import type { InternalTransaction } from '../schemas/index.js';
import * as blockscout from '../profiles/blockscout.js';
import { addressRef } from './addressRef.js';
import { cachedJson, type ViewContext } from './context.js';
import { isoTimestamp } from './format.js';

/** An internal transaction (a call inside a transaction's call tree). */
export function internalTransactionView(ctx: ViewContext, index: number): InternalTransaction {
  const { chain } = ctx;
  const it = chain.internalTransactions.at(index)!;
  const spec: InternalTransaction = {
    transaction_hash: chain.transactions.at(it.transaction)!.hash,
    block_number: it.block,
    index: it.index,
    timestamp: isoTimestamp(chain.blocks.at(it.block)!.timestamp),
    type: it.type,
    success: it.success,
    error: it.error,
    from: addressRef(ctx, it.fromId)!,
    to: addressRef(ctx, it.toId),
    created_contract: addressRef(ctx, it.createdId),
    gas_limit: String(it.gasLimit),
    value: String(it.value),
  };
  return ctx.profile === 'blockscout'
    ? (blockscout.internalTransaction(spec, it.transactionIndex) as unknown as InternalTransaction)
    : spec;
}

export const internalTransactionJson = (ctx: ViewContext, index: number): string =>
  cachedJson(ctx, `itx:${index}`, () => internalTransactionView(ctx, index));
