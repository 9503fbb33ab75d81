import type { Chain } from '../src/chain/types.js';
import type { SentTransaction } from '../src/protocol/sentTransaction.js';
import type { BlockContext } from './ledger/blockContext.js';
import type { Admission } from './ledger/sentPool.js';
import type { LedgerState } from './ledger/state.js';
import type { StateEditRequest } from './ledger/stateEdits.js';

/** Builds a chain block by block and can go on: what a living chain grows with. */
export interface ChainBuilder {
  /** The height of the newest block mined so far. */
  readonly height: number;
  /** Mines blocks up to `height` (no-op when already there); the block being filled is sealed as it is. */
  mineTo(height: number): void;
  /** The chain as mined so far (a new, immutable view each call; earlier ones must no longer be served). */
  chain(): Chain;
  /**
   * Accepts a transaction a client sent into the next block (or to wait for room, or behind a
   * nonce gap), or throws `SendRefused` saying why a node would refuse it; `entered` are the
   * hashes it let into the pool (it, unless queued, and those queued behind a gap it filled). Call `chain()` for the
   * mined chain before the first send after mining: the next block is open from then on.
   */
  submit(sent: SentTransaction): { readonly admission: Admission; readonly entered: readonly string[] };
  /** Throws `SendRefused` where `submit` would refuse `sent` for itself (its form, gas, nonce, fees, funds), changing nothing. */
  check(sent: SentTransaction): void;
  /** The chain with the block being filled as its head: what the mempool shows (its head block is provisional). */
  pending(): Chain;
  /**
   * The ledger as it is in the block being filled (opened now if it is not), for an executor to
   * run a send on before `submit` (the state is the builder's own: read it, never change it).
   */
  open(): { readonly state: LedgerState; readonly ctx: BlockContext };
  /**
   * Puts what waits into the block being filled (opened now if it is not), as when it opened: once
   * the run the pool waited on (`sent.stalled`) is made. How many transactions it took.
   */
  resume(): number;
  /** The block being filled, if one is open: how many sent transactions it holds (none: only generated ones, or a read opened it). */
  readonly opened: { readonly sends: number } | null;
  /**
   * Applies a client's change of the state outside any transaction (a dev node's cheat code): in
   * the open block when one is, else after the head block's transactions. Throws `SendRefused` for
   * what cannot be changed.
   */
  edit(edit: StateEditRequest): void;
  /** The time of the blocks opened from now on (an open block keeps its own), as a dev node's clock controls move it. */
  readonly time: {
    /** Moves the time of blocks opened from now on forward by `seconds`. */
    shift(seconds: number): void;
    /** The next block opened has `timestamp`; the blocks after keep their pace from it. */
    setNext(timestamp: number): void;
  };
  /** The transactions clients sent: accepted in all, and held back (waiting for room or queued). */
  readonly sent: {
    readonly accepted: number;
    readonly held: number;
    holds(hash: string): boolean;
    /** An account's next nonce, counting what it sent that waits. */
    nextNonce(address: string): number;
    /**
     * The sent transaction the open block waits on a run for (a send the executor runs ahead, with
     * no run made for the ledger as it is now), every later one waiting behind it; null when none
     * or no block is open.
     */
    readonly stalled: SentTransaction | null;
    /** Whether a transaction waiting for room must be run ahead (on the EVM) before a block can take it. */
    readonly waitingForRun: boolean;
  };
}
