import type { Account } from '../../src/chain/types.js';
import { type AccountDraft, makeAccount } from '../accounts/makeAccount.js';
import { emptyLists, type LedgerState } from './state.js';

/** Adds an account to the ledger and returns its id. The address must be new. */
export function registerAccount(state: LedgerState, label: string, draft: AccountDraft): number {
  const id = state.accounts.length;
  const account: Account = makeAccount(state.seed, label, id, draft);
  if (state.byLower.has(account.lower)) throw new Error(`address collision at ${label}: ${account.hash}`);
  if (account.genesisBalance > 0n) account.balanceUpdatedAt = 0;
  state.accounts.push(account);
  state.byLower.set(account.lower, id);
  state.lists.push(emptyLists());
  return id;
}

/** Moves the balance of an account by `delta` wei at `height`. */
export function changeBalance(state: LedgerState, id: number, delta: bigint, height: number): void {
  if (delta === 0n) return;
  const account = state.accounts[id]!;
  const next = account.balance + delta;
  if (next < 0n) throw new Error(`balance of ${account.hash} would go negative at block ${height}`);
  account.balance = next;
  account.balanceUpdatedAt = height;
}
