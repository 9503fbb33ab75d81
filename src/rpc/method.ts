import type { Executor } from '../execution/executor.js';
import type { SentTransaction } from '../../generators/buildChain.js';
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

/** What a method reads besides the chain: the node's filters, kept across blocks, and where sends go. */
export interface NodeState {
  readonly filters: FilterStore;
  readonly wallet?: Wallet;
  /** What runs calls and estimates gas (the execution port). */
  readonly executor: Executor;
}

/**
 * The node's state for a caller that may not change the chain (a page of another site): its sends
 * are refused with `refusal` (-32000) once checked, as a pool refuses them; everything else reads
 * as usual.
 */
export function readOnlyState(state: NodeState, refusal: string): NodeState {
  const { wallet } = state;
  if (!wallet) return state;
  return {
    ...state,
    wallet: {
      send: () => {
        throw serverError(refusal);
      },
      nextNonce: (address) => wallet.nextNonce(address),
    },
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
