import type { Block, Chain } from '../chain/types.js';
import { SendRefused } from '../protocol/errors.js';
import type { DevControls } from '../rpc/method.js';
import type { CheatHappening } from './happenings.js';
import { MAX_MINE } from './mineError.js';

/** The latest block time a client may set (2106-02-07, unix seconds' 32 bits): dates past it break the explorer's. */
const MAX_TIMESTAMP = 2 ** 32 - 1;

/** Where a live chain stood when a client took a snapshot: what `evm_revert` returns to. */
export interface LiveMark {
  /** How many of the chain's happenings (what clients did) came before. */
  readonly history: number;
  /** The chain as built then. */
  readonly chain: Chain;
  /** Sends accepted by then. */
  readonly sent: number;
}

/** What the cheat codes act on: the live chain's head, its builder and what it serves. */
export interface DevHost {
  /** The head block served now. */
  head(): Block;
  /** Does what a client did on the builder and serves its effect (`liveChain`'s `change`). */
  change(happening: CheatHappening): void;
  /** Mines `blocks` blocks once the sends running on the EVM are in (`LiveChain.mineSettled`). */
  mine(blocks: number): Promise<void>;
  /** Where the chain stands now. */
  mark(): LiveMark;
  /** Serves the chain as it stood at `mark`, forgetting what clients did since. */
  restore(mark: LiveMark): void;
  /** Returns to the chain served at start (the live chain's `reset`, which resets these controls too). */
  reset(): void;
  /** Whether each accepted transaction is mined at once. */
  readonly automine: boolean;
  /** Turns automine on or off (until a reset). */
  setAutomine(on: boolean): void;
}

/**
 * A dev node's cheat codes over a live chain (Anvil's and Hardhat's `evm_*`, `anvil_*`,
 * `hardhat_*`), each recorded as a happening the chain replays, and `reset` forgetting what they
 * keep of their own (snapshots, the clock moved, impersonations).
 */
export function createDevControls(host: DevHost): DevControls & { reset(): void } {
  const snapshots = new Map<number, LiveMark>();
  let nextSnapshot = 1;
  /** Seconds clients moved the clock on by (what `evm_increaseTime` answers). */
  let shifted = 0;
  const impersonated = new Set<string>();
  let resets = 0;
  const dev = {
    mine(blocks, { timestamp, interval } = {}) {
      if (blocks > MAX_MINE) throw new SendRefused(`at most ${MAX_MINE} blocks a call, got ${blocks}`);
      if (timestamp !== undefined) dev.setNextBlockTimestamp(timestamp);
      if (interval === undefined) return host.mine(blocks);
      // Each block `interval` seconds after the one before, as Anvil mines them.
      const run = resets;
      return (async () => {
        // A reset meanwhile ends it: the chain it was asked to mine is gone.
        for (let i = 0; i < blocks && resets === run; i++) {
          if (i > 0 || timestamp === undefined)
            host.change({ kind: 'nextTimestamp', timestamp: host.head().timestamp + interval });
          await host.mine(1);
        }
      })();
    },
    increaseTime(seconds) {
      if (host.head().timestamp + shifted + seconds > MAX_TIMESTAMP)
        throw new SendRefused(`Timestamp error: time would pass ${MAX_TIMESTAMP}, the latest the mock takes`);
      host.change({ kind: 'shiftTime', seconds });
      return (shifted += seconds);
    },
    setNextBlockTimestamp(timestamp) {
      const head = host.head();
      if (timestamp > MAX_TIMESTAMP)
        throw new SendRefused(`Timestamp error: ${timestamp} is past ${MAX_TIMESTAMP}, the latest the mock takes`);
      if (timestamp <= head.timestamp)
        throw new SendRefused(
          `Timestamp error: ${timestamp} is lower than or equal to previous block's timestamp ${head.timestamp}`,
        );
      host.change({ kind: 'nextTimestamp', timestamp });
    },
    snapshot() {
      const id = nextSnapshot++;
      snapshots.set(id, host.mark());
      return id;
    },
    revert(id) {
      const mark = snapshots.get(id);
      if (!mark) return false;
      for (const later of [...snapshots.keys()]) if (later >= id) snapshots.delete(later);
      host.restore(mark);
      return true;
    },
    setBalance(address, value) {
      host.change({ kind: 'edit', edit: { kind: 'balance', address, value } });
    },
    setCode(address, code) {
      host.change({ kind: 'edit', edit: { kind: 'code', address, code } });
    },
    setStorageAt(address, slot, value) {
      host.change({ kind: 'edit', edit: { kind: 'storage', address, slot, value } });
    },
    impersonate(address, on) {
      if (on) impersonated.add(address);
      else impersonated.delete(address);
    },
    impersonating: (address) => impersonated.has(address),
    automine: () => host.automine,
    setAutomine: (on) => host.setAutomine(on),
    resets: () => resets,
    resetChain: () => host.reset(),
    snapshots: () =>
      [...snapshots].map(([id, { chain }]) => ({
        id,
        height: chain.headHeight,
        hash: chain.blocks.at(chain.headHeight)!.hash,
      })),
    reset() {
      resets++;
      snapshots.clear();
      shifted = 0;
      impersonated.clear();
    },
  } satisfies DevControls & { reset(): void };
  return dev;
}
