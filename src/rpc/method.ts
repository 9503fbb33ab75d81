import type { RpcContext } from './context.js';
import type { FilterStore } from './filterStore.js';
import { invalidParams } from './rpcError.js';

/** A result already written as JSON (a cached block, a transaction): the envelope puts it in as it is. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** What a method reads besides the chain: the node's filters, kept across blocks. */
export interface NodeState {
  readonly filters: FilterStore;
}

/** A JSON-RPC method: its parameters in, its result (a JSON value, or `RawJson`) out; throws `RpcError`. */
export type RpcMethod = (ctx: RpcContext, params: readonly unknown[], node: NodeState) => unknown;

/** Checks a method's argument count as geth does: required ones present, no more than it takes. */
export function arity(params: readonly unknown[], required: number, most: number): void {
  if (params.length > most) throw invalidParams(`too many arguments, want at most ${most}`);
  for (let i = 0; i < required; i++)
    if (params[i] === undefined) throw invalidParams(`missing value for required argument ${i}`);
}
