import type { Executor } from '../execution/executor.js';
import type { SentTransaction } from '../../generators/buildChain.js';
import type { Hex } from '../chain/types.js';
import type { RpcContext } from './context.js';
import type { FilterStore } from './filterStore.js';
import { invalidParams, serverError } from './rpcError.js';
import { runAtOnce, type Steps } from '../lazy/steps.js';

/** A result already written as JSON (a cached block, a transaction): the envelope puts it in as it is. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A result worked out in steps (a Multicall3 of thousands of calls): the node runs them in turns with other requests. */
export class InSteps {
  constructor(readonly steps: Steps<unknown>) {}
}

/** A method's result, its steps run at once (for callers that cannot wait). */
export const settledResult = (result: unknown): unknown =>
  result instanceof InSteps ? runAtOnce(result.steps) : result;

/** Where sent transactions go: the live chain's pool (absent on a chain that cannot grow). */
export interface Wallet {
  /** Accepts a decoded transaction (mined at once under automine), or throws `SendRefused` saying why not. */
  send(sent: SentTransaction): void;
  /** An account's next nonce, counting the transactions it sent that wait to be mined. */
  nextNonce(address: string): number;
}

/**
 * A dev node's cheat codes (Anvil's and Hardhat's `evm_*`, `anvil_*`, `hardhat_*`) over a live
 * chain: each changes what every API shows, and `reset` undoes it. Each throws `SendRefused` (the
 * node's -32000) for what it cannot do.
 */
export interface DevControls {
  /**
   * Mines `blocks` blocks, `interval` seconds apart when given (the first at `timestamp` when
   * given); settles once they are mined (after the sends still running on the EVM are in).
   */
  mine(blocks: number, options?: { readonly timestamp?: number; readonly interval?: number }): Promise<void>;
  /** Moves the time of the blocks to come forward by `seconds`; the total moved so far. */
  increaseTime(seconds: number): number;
  /** The next block's timestamp (after the head's). */
  setNextBlockTimestamp(timestamp: number): void;
  /** Remembers the chain as it is now: an id `revert` takes. */
  snapshot(): number;
  /** Returns to snapshot `id`, forgetting it and every later one; false for an unknown id. */
  revert(id: number): boolean;
  /** Sets a balance, in wei (lower-case address). */
  setBalance(address: string, wei: bigint): void;
  /** Sets an address's runtime code. */
  setCode(address: string, code: Hex): void;
  /** Sets a storage slot (32-byte words, lower-case). */
  setStorageAt(address: string, slot: Hex, value: Hex): void;
  /** Lets `eth_sendTransaction` send from `address` without its key (or stops it). */
  impersonate(address: string, on: boolean): void;
  /** Whether `eth_sendTransaction` sends from `address` without its key. */
  impersonating(address: string): boolean;
  /** Whether each accepted transaction is mined at once (a dev node's automine). */
  automine(): boolean;
  /**
   * Turns automine on or off (`evm_setAutomine`): from the next send on, each is mined at once in
   * a block of its own, or waits for a mine (or the clock). What waits already is mined by the next
   * block, with the next send under automine. `reset` returns to the server's setting.
   */
  setAutomine(on: boolean): void;
  /** How many times the chain was reset (a new run of the node, as Hardhat's `instanceId` tells). */
  resets(): number;
  /** Returns to the chain served at start, as `POST /__mock/reset` (`hardhat_reset`, `anvil_reset`). */
  resetChain(): void;
  /** The snapshots `evm_revert` can return to, oldest first: each one's id and the head it kept. */
  snapshots(): readonly { readonly id: number; readonly height: number; readonly hash: Hex }[];
}

/** What a method reads besides the chain: the node's filters, kept across blocks, and where sends go. */
export interface NodeState {
  readonly filters: FilterStore;
  readonly wallet?: Wallet;
  /** A dev node's cheat codes (a live chain's). */
  readonly dev?: DevControls;
  /** What runs calls and estimates gas (the execution port). */
  readonly executor: Executor;
}

/**
 * The node's state for a caller that may not change the chain (a page of another site): its sends
 * are refused with `refusal` (-32000) once checked, as a pool refuses them; everything else reads
 * as usual.
 */
export function readOnlyState(state: NodeState, refusal: string): NodeState {
  const { wallet, dev } = state;
  if (!wallet && !dev) return state;
  const refuse = () => {
    throw serverError(refusal);
  };
  return {
    ...state,
    ...(dev
      ? {
          dev: {
            mine: refuse,
            increaseTime: refuse,
            setNextBlockTimestamp: refuse,
            snapshot: refuse,
            revert: refuse,
            setBalance: refuse,
            setCode: refuse,
            setStorageAt: refuse,
            impersonate: refuse,
            impersonating: (address: string) => dev.impersonating(address),
            automine: () => dev.automine(),
            setAutomine: refuse,
            resetChain: refuse,
            resets: () => dev.resets(),
            snapshots: () => dev.snapshots(),
          },
        }
      : {}),
    ...(wallet ? { wallet: { send: refuse, nextNonce: (address: string) => wallet.nextNonce(address) } } : {}),
  };
}

/** A JSON-RPC method: its parameters in, its result (a JSON value, `RawJson`, or `InSteps` of either) out; throws `RpcError`. */
export type RpcMethod = (ctx: RpcContext, params: readonly unknown[], node: NodeState) => unknown;

/** Checks a method's argument count as geth does: required ones present, no more than it takes. */
export function arity(params: readonly unknown[], required: number, most: number): void {
  if (params.length > most) throw invalidParams(`too many arguments, want at most ${most}`);
  for (let i = 0; i < required; i++)
    if (params[i] === undefined) throw invalidParams(`missing value for required argument ${i}`);
}
