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
  | ((
      | { readonly kind: 'edit'; readonly edit: StateEditRequest }
      | { readonly kind: 'shiftTime'; readonly seconds: number }
      | { readonly kind: 'nextTimestamp'; readonly timestamp: number }
    ) & {
      /**
       * A cheat code made while a block was open with sends in it (a read or a check may open one,
       * taking sends that waited, with nothing recorded): its replay opens the block first.
       */
      readonly inOpenBlock?: true;
    });

/** The cheat codes among the happenings (what `ReplayedBuilder.apply` takes). */
export type CheatHappening = Extract<Happening, { readonly inOpenBlock?: true }>;

/** Does `happening` again on `builder`, as it was done the first time. */
export function replayOn(builder: ChainBuilder, happening: Happening): void {
  if ('inOpenBlock' in happening && happening.inOpenBlock) builder.open();
  switch (happening.kind) {
    case 'mine':
      return builder.mineTo(happening.to);
    case 'send':
      return void builder.submit(happening.sent);
    case 'fill':
      return void builder.resume();
    case 'edit':
      return builder.edit(happening.edit);
    case 'shiftTime':
      return builder.time.shift(happening.seconds);
    case 'nextTimestamp':
      return builder.time.setNext(happening.timestamp);
  }
}
