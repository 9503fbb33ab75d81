import type { ChainBuilder, SentTransaction } from '../../generators/buildChain.js';
import type { StateEditRequest } from '../../generators/ledger/stateEdits.js';

/**
 * What a client did to a live chain: replayed in order on a new builder, the happenings since the
 * chain served at start give the chain served now (that is how `evm_revert` returns to a snapshot).
 */
export type Happening =
  | { readonly kind: 'mine'; readonly to: number }
  | { readonly kind: 'send'; readonly sent: SentTransaction }
  /** The open block took what waited for a run once it was made (`ChainBuilder.resume`). */
  | { readonly kind: 'fill' }
  /** `inOpenBlock`: made in a block open with sends in it, where its replay opens the block first. */
  | { readonly kind: 'edit'; readonly edit: StateEditRequest; readonly inOpenBlock?: true }
  | { readonly kind: 'shiftTime'; readonly seconds: number }
  | { readonly kind: 'nextTimestamp'; readonly timestamp: number };

/** Does `happening` again on `builder`, as it was done the first time. */
export function replayOn(builder: ChainBuilder, happening: Happening): void {
  switch (happening.kind) {
    case 'mine':
      return builder.mineTo(happening.to);
    case 'send':
      return void builder.submit(happening.sent);
    case 'fill':
      return void builder.resume();
    case 'edit':
      // A block a read or a send's check opened (taking sends that waited) is opened again first.
      if (happening.inOpenBlock) builder.open();
      return builder.edit(happening.edit);
    case 'shiftTime':
      return builder.time.shift(happening.seconds);
    case 'nextTimestamp':
      return builder.time.setNext(happening.timestamp);
  }
}
