import type { ChainBuilder } from '../../generators/buildChain.js';
import { type CheatHappening, type Happening, replayOn } from './happenings.js';

/**
 * The builder a live chain mines on, and what clients did since the chain served at start (or
 * last reset), in order. The builder is made when first needed (a chain loaded from a snapshot has
 * none) and replayed to the served head: the happenings replayed on a new builder give the chain
 * served now (sends run on the EVM replay the runs kept of them). It mines, and the block it keeps
 * open in front of the head is the mempool.
 */
export interface ReplayedBuilder {
  /** The builder at `head`, made and replayed when there is none. */
  at(head: number): ChainBuilder;
  /** The builder if one is made now. */
  readonly made: ChainBuilder | null;
  /** Records what a client did on the builder (consecutive mining as one). */
  record(happening: Happening): void;
  /**
   * Does a happening at `head` (a cheat code) and records it. Where a block is open with no sent
   * transaction in it (a read of the mempool opens one), the builder is made again with it, so it
   * lands as if no block were open, as its replay does; in a block holding sends it holds from that
   * block on. One the builder refuses is not recorded.
   */
  apply(happening: CheatHappening, head: number): void;
  /** How many happenings are recorded. */
  readonly length: number;
  /**
   * How many happenings are recorded, as a snapshot keeps it: the mining recorded next starts a
   * happening of its own rather than extending the last (which a revert to the mark replays).
   */
  mark(): number;
  /** Keeps the first `count` happenings (none: a reset) and drops the builder made with the rest. */
  keep(count: number): void;
}

/** A replayed builder; `make` gives a new builder at the chain served at start (or last reset). */
export function replayedBuilder(make: () => ChainBuilder): ReplayedBuilder {
  let builder: ChainBuilder | null = null;
  let history: Happening[] = [];
  /** Happenings before it are fixed: a snapshot was taken after them. */
  let marked = 0;
  const at = (head: number): ChainBuilder => {
    if (!builder) {
      const made = make();
      for (const happening of history) replayOn(made, happening);
      made.mineTo(head);
      builder = made;
    }
    return builder;
  };
  const record = (happening: Happening) => {
    const last = history[history.length - 1];
    if (happening.kind === 'mine' && last?.kind === 'mine' && history.length > marked)
      history[history.length - 1] = happening;
    else history.push(happening);
  };
  return {
    at,
    get made() {
      return builder;
    },
    record,
    apply(happening, head) {
      const b = at(head);
      if (b.opened?.sends !== 0) {
        const done: CheatHappening = b.opened ? { ...happening, inOpenBlock: true } : happening;
        replayOn(b, done);
        return record(done);
      }
      record(happening);
      builder = null;
      try {
        at(head);
      } catch (error) {
        history.pop();
        builder = null;
        throw error;
      }
    },
    get length() {
      return history.length;
    },
    mark() {
      marked = history.length;
      return marked;
    },
    keep(count) {
      history = history.slice(0, count);
      marked = Math.min(marked, count);
      builder = null;
    },
  };
}
