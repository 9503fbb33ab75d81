import type { Executor } from '../execution/executor.js';
import { modelExecutor } from '../execution/modelExecutor.js';
import { ModuleNotLoaded } from '../lazy/lazyModule.js';
import type { RpcContext } from './context.js';
import { FilterStore } from './filterStore.js';
import { type DevControls, type NodeState, RawJson, readOnlyState, type RpcMethod, type Wallet } from './method.js';
import { blockMethods } from './methods/blocks.js';
import { callMethods } from './methods/call.js';
import { chainInfoMethods } from './methods/chainInfo.js';
import { debugMethods } from './methods/debug.js';
import { logMethods } from './methods/logs.js';
import { stateMethods } from './methods/state.js';
import { transactionMethods } from './methods/transactions.js';
import { sendMethods } from './methods/send.js';
import { devNodeMethods } from './methods/devNode.js';
import { answer, errorAnswer, type Id, MAX_BATCH, MAX_RESPONSE_BYTES } from './envelope.js';
import { invalidRequest, methodNotFound, RpcError } from './rpcError.js';

/** Every method the node answers over HTTP (the websocket adds `eth_subscribe` and `eth_unsubscribe`). */
export const METHODS: Readonly<Record<string, RpcMethod>> = {
  ...chainInfoMethods,
  ...blockMethods,
  ...transactionMethods,
  ...stateMethods,
  ...logMethods,
  ...callMethods,
  ...sendMethods,
  ...devNodeMethods,
  ...debugMethods,
};

/** The id a request carries, when it is one a reply can name (else null). */
const idOf = (request: unknown): Id => {
  const id = request !== null && typeof request === 'object' ? (request as { id?: unknown }).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
};

const resultPart = (result: unknown) => `"result":${result instanceof RawJson ? result.text : JSON.stringify(result)}`;

/** The methods a transport adds (the websocket's subscriptions), answered before the node's own. */
export type ExtraMethods = Readonly<Record<string, RpcMethod>>;

export interface RpcNode {
  /**
   * The answer to a request body: JSON text, or null when it held notifications only. With
   * `writeRefusal`, the caller may not change the chain: its sends are refused with that text.
   */
  answer(body: string, extra?: ExtraMethods, writeRefusal?: string): string | null;
  /** What methods read: the chain served now, and the node's state (its filters). */
  readonly context: () => RpcContext;
  readonly state: NodeState;
}

/**
 * The node's JSON-RPC 2.0 over a chain that may grow: single requests and batches (answered in
 * request order; notifications, requests without an id, get no answer), geth's error codes and
 * texts. Methods are pure functions of the chain served now, but for filters, kept by the node
 * across blocks. A method that needs a module still loading throws `ModuleNotLoaded` (the
 * transport waits it out and asks again, as for the REST API).
 */
export function createRpcNode(options: {
  readonly context: () => RpcContext;
  readonly seed: string;
  readonly onError?: (error: unknown, method: string) => void;
  /** Where `eth_sendRawTransaction` and `eth_sendTransaction` put what they accept (without one they refuse). */
  readonly wallet?: Wallet;
  /** A live chain's cheat codes (without them the node refuses `evm_*`, `anvil_*` and `hardhat_*` changes). */
  readonly dev?: DevControls;
  /** What runs calls and estimates gas (default: the ledger's models); sends run by the wallet's chain builder. */
  readonly executor?: Executor;
}): RpcNode {
  const state: NodeState = {
    filters: new FilterStore(options.seed),
    executor: options.executor ?? modelExecutor,
    ...(options.wallet ? { wallet: options.wallet } : {}),
    ...(options.dev ? { dev: options.dev } : {}),
  };
  const onError =
    options.onError ?? ((error, method) => console.error(`explorer-mock: internal error in ${method}:`, error));

  /** One request's answer, or null for a notification. */
  const one = (ctx: RpcContext, request: unknown, extra: ExtraMethods | undefined, state: NodeState): string | null => {
    if (request === null || typeof request !== 'object' || Array.isArray(request))
      return errorAnswer(null, invalidRequest());
    const r = request as Record<string, unknown>;
    const id = r.id;
    const validId = id === undefined || id === null || typeof id === 'string' || typeof id === 'number';
    if (!validId) return errorAnswer(null, invalidRequest('invalid request: id must be a string, a number or null'));
    const replyId: Id = id === undefined ? null : (id as Id);
    if (r.jsonrpc !== '2.0') return errorAnswer(replyId, invalidRequest('invalid request: jsonrpc must be "2.0"'));
    if (typeof r.method !== 'string' || r.method === '')
      return errorAnswer(replyId, invalidRequest('invalid request: method must be a non-empty string'));
    const notification = id === undefined;
    const params = r.params === undefined || r.params === null ? [] : r.params;
    try {
      if (!Array.isArray(params)) throw new RpcError(-32602, 'non-array args');
      // Own properties only: `constructor`, `toString` and the rest of Object.prototype are no methods.
      const method =
        (extra && Object.hasOwn(extra, r.method) ? extra[r.method] : undefined) ??
        (Object.hasOwn(METHODS, r.method) ? METHODS[r.method] : undefined);
      if (!method) {
        if (r.method === 'eth_subscribe' || r.method === 'eth_unsubscribe')
          throw new RpcError(-32601, 'notifications not supported');
        throw methodNotFound(r.method.slice(0, 100));
      }
      const result = method(ctx, params, state);
      return notification ? null : answer(replyId, resultPart(result));
    } catch (error) {
      if (error instanceof ModuleNotLoaded) throw error;
      if (!(error instanceof RpcError)) {
        onError(error, r.method);
        error = new RpcError(-32603, 'internal error');
      }
      return notification ? null : errorAnswer(replyId, error as RpcError);
    }
  };

  return {
    context: options.context,
    state,
    answer(body, extra, writeRefusal) {
      const callerState = writeRefusal === undefined ? state : readOnlyState(state, writeRefusal);
      let request: unknown;
      try {
        request = JSON.parse(body);
      } catch {
        return errorAnswer(null, new RpcError(-32700, 'parse error'));
      }
      const ctx = options.context();
      if (!Array.isArray(request)) return one(ctx, request, extra, callerState);
      if (request.length === 0) return errorAnswer(null, invalidRequest('empty batch'));
      if (request.length > MAX_BATCH)
        return errorAnswer(null, invalidRequest(`batch too large: ${request.length} requests, at most ${MAX_BATCH}`));
      const answers: string[] = [];
      let size = 0;
      for (const r of request) {
        // Past the limit, each request left gets geth's -32003 instead of its answer.
        const a =
          size > MAX_RESPONSE_BYTES
            ? errorAnswer(idOf(r), new RpcError(-32003, 'response too large'))
            : one(ctx, r, extra, callerState);
        if (a === null) continue;
        size += a.length;
        answers.push(a);
      }
      return answers.length ? `[${answers.join(',')}]` : null;
    },
  };
}
