import type { Profile } from '../schemas/profile.js';
import type { Shape } from '../profiles/shapes.js';
import { addressRef, addressRefOrNull } from './addressRef.js';
import { cachedJson, type ViewContext } from './context.js';
import { isoTimestamp } from './isoTimestamp.js';

/** An internal transaction (a call inside a transaction's call tree). */
export function internalTransactionOut<P extends Profile>(
  ctx: ViewContext<P>,
  index: number,
): Shape<P, 'internalTransaction'> {
  const { chain } = ctx;
  const it = chain.internalTransactions.at(index)!;
  return ctx.format.internalTransaction(
    {
      transaction_hash: chain.transactions.at(it.transaction)!.hash,
      block_number: it.block,
      index: it.index,
      timestamp: isoTimestamp(chain.blocks.at(it.block)!.timestamp),
      type: it.type,
      success: it.success,
      error: it.error,
      from: addressRef(ctx, it.fromId),
      to: addressRefOrNull(ctx, it.toId),
      created_contract: addressRefOrNull(ctx, it.createdId),
      gas_limit: String(it.gasLimit),
      value: String(it.value),
    },
    it.transactionIndex,
  );
}

export const internalTransactionJson = (ctx: ViewContext, index: number): string =>
  cachedJson(ctx, `itx:${index}`, () => internalTransactionOut(ctx, index));
