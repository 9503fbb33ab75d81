import type { BlockContext } from './blockContext.js';
import type { LedgerState } from './state.js';

/**
 * Where the ledger stands inside open block `ctx`: what a run made ahead of the pool was made on.
 * Two moments of one history with the same position have the same state (every change of the
 * open block's state adds to one of these: its transactions, withdrawals, uncles, a client's edits).
 */
export const ledgerPosition = (state: LedgerState, ctx: BlockContext): string =>
  `${ctx.height}:${state.transactions.length}:${state.withdrawals.length}:${state.uncles.length}:${state.stateEdits.length}:${state.storageWrites.length}`;
