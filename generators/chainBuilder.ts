import type { Chain } from '../src/chain/types.js';
import type { SentTransaction } from '../src/protocol/sentTransaction.js';
import type { BlockContext } from './ledger/blockContext.js';
import type { Admission } from './ledger/sentPool.js';
import type { LedgerState } from './ledger/state.js';

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
  /** The chain with the block being filled as its head: what the mempool shows (its head block is provisional). */
  pending(): Chain;
  /**
   * The ledger as it is in the block being filled (opened now if it is not), for an executor to
   * run a send on before `submit` (the state is the builder's own: read it, never change it).
   */
  open(): { readonly state: LedgerState; readonly ctx: BlockContext };
  /** The transactions clients sent: accepted in all, and held back (waiting for room or queued). */
  readonly sent: {
    readonly accepted: number;
    readonly held: number;
    holds(hash: string): boolean;
    /** An account's next nonce, counting what it sent that waits. */
    nextNonce(address: string): number;
  };
}
