import type { BalanceStep } from '../domain/balances.js';
import type { ViewContext } from './context.js';
import { isoTimestamp } from './isoTimestamp.js';

/** An item of `/addresses/{h}/coin-balance-history` (and the socket's `coin_balance` event): the balance after a block that changed it. */
export const coinBalanceStepJson = (ctx: ViewContext, step: BalanceStep): string =>
  JSON.stringify({
    transaction_hash: step.transaction === -1 ? null : ctx.chain.transactions.at(step.transaction)!.hash,
    block_number: step.block,
    delta: String(step.delta),
    value: String(step.value),
    block_timestamp: isoTimestamp(ctx.chain.blocks.at(step.block)!.timestamp),
  });
