import type { Chain, Transaction } from './types.js';

/**
 * A log, by reference: `chain.events` row `r` for `r ≥ 0`, or token transfer `−1 − r` (the
 * `Transfer`-family event that records it). Address log lists hold these in chain order.
 */
export type LogRef = number;

export const transferLogRef = (transfer: number): LogRef => -1 - transfer;
export const isTransferLog = (ref: LogRef): boolean => ref < 0;
/** The token transfer or event row a ref points at. */
export const logRow = (ref: LogRef): number => (ref < 0 ? -1 - ref : ref);

export function logIndexOf(chain: Chain, ref: LogRef): number {
  return ref < 0 ? chain.tokenTransfers.at(-1 - ref)!.logIndex : chain.events.at(ref)!.index;
}

export function logBlockOf(chain: Chain, ref: LogRef): number {
  return ref < 0 ? chain.tokenTransfers.at(-1 - ref)!.block : chain.events.at(ref)!.block;
}

export function logTransactionOf(chain: Chain, ref: LogRef): number {
  return ref < 0 ? chain.tokenTransfers.at(-1 - ref)!.transaction : chain.events.at(ref)!.transaction;
}

/** A transaction's logs in log index order: its events come before its token transfers. */
export function logsOfTransaction(tx: Transaction): LogRef[] {
  const refs: LogRef[] = [];
  for (let e = tx.eventStart; e < tx.eventStart + tx.eventCount; e++) refs.push(e);
  for (let t = tx.tokenTransferStart; t < tx.tokenTransferStart + tx.tokenTransferCount; t++)
    refs.push(transferLogRef(t));
  return refs;
}
