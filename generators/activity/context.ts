import type { BlockContext } from '../ledger/blockContext.js';
import type { LedgerState } from '../ledger/state.js';
import type { Stream } from '../random/stream.js';
import type { Cast } from '../script/cast.js';

/** What a transaction generator sees: the ledger so far, the cast, the block and its stream. */
export interface Scene {
  readonly state: LedgerState;
  readonly cast: Cast;
  readonly ctx: BlockContext;
  readonly rng: Stream;
}
