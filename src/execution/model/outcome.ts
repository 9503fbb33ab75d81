import { revertData } from '../../domain/revertData.js';
import type { CallResult } from '../executor.js';

/** What a modelled call gives: the values its ABI function returns, or a revert (a reason, or raw revert data). */
export type ModelOutcome =
  | { readonly returns: readonly unknown[] }
  | { readonly revert: string | null; readonly data?: `0x${string}` };

export const returns = (...values: unknown[]): ModelOutcome => ({ returns: values });
export const reverts = (reason: string | null): ModelOutcome => ({ revert: reason });

/** A revert as the node answers it: `Error(reason)` encoded, or empty data. */
export const revertResult = (reason: string | null, data?: `0x${string}`): CallResult => ({
  ok: false,
  revertData: data ?? (reason === null ? '0x' : revertData(reason)),
  reason,
});

/** The marker of a function whose value the ledger does not hold: the node says so instead of making one up. */
export class NotModelled {
  constructor(readonly why: string) {}
}
