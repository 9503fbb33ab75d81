import type { BuildChainOptions } from '../../generators/chainInput.js';
import type { LiveChain } from './liveChain.js';

/** What the clock needs from the chain builder (loaded lazily). */
export interface SlotRule {
  /** The slots block `height` takes (2 after a missed slot). */
  readonly slotsOfBlock: (options: BuildChainOptions, height: number) => number;
}

/** Longest delay a Node timer takes (longer ones fire at once). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Mines each block when the wall clock reaches its timestamp: block `k`'s timestamp is the
 * chain's genesis time plus `blockTime` times its slot, so blocks arrive every `blockTime` seconds
 * (twice that after a missed slot) and each one's timestamp is the time it was mined. A chain
 * whose next block is already due (a genesis time pinned in the past, a busy server) mines one
 * block per block time rather than catching up in a burst. Returns `stop`.
 */
export function startClock(
  live: LiveChain,
  options: {
    readonly build: BuildChainOptions;
    readonly blockTime: number;
    readonly rule: SlotRule;
    readonly onError?: (error: unknown) => void;
  },
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    const chain = live.current.chain;
    const head = chain.blocks.at(chain.headHeight)!;
    const due =
      (head.timestamp + options.blockTime * options.rule.slotsOfBlock(options.build, chain.headHeight + 1)) * 1000;
    const wait = due - Date.now();
    if (wait > MAX_TIMER_MS) {
      timer = setTimeout(schedule, MAX_TIMER_MS);
      timer.unref();
      return;
    }
    timer = setTimeout(
      () =>
        void live
          .mineSettled(1)
          .catch((error: unknown) => options.onError?.(error))
          .finally(schedule),
      wait >= -options.blockTime * 1000 ? Math.max(0, wait) : options.blockTime * 1000,
    );
    timer.unref();
  };
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * The genesis time that puts the head of a chain at `now` (rounded down to the block time), for a
 * clock-driven chain that starts at `head`.
 */
export const anchoredGenesisTime = (nowMs: number, blockTime: number, slotsToHead: number): number =>
  Math.floor(nowMs / 1000 / blockTime) * blockTime - blockTime * slotsToHead;

/**
 * The genesis time that puts the head of a chain at `headTime` (unix seconds; `'now'`: the start
 * time): the same chain but for its times, anchored at its head instead of its genesis.
 */
export const headAnchoredGenesisTime = (
  headTime: number | 'now',
  nowMs: number,
  slotSeconds: number,
  slotsToHead: number,
): number => (headTime === 'now' ? Math.floor(nowMs / 1000) : headTime) - slotSeconds * slotsToHead;
