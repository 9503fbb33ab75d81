import type { Executor } from '../execution/executor.js';
import { modelExecutor } from '../execution/modelExecutor.js';
import { ModuleNotLoaded } from '../lazy/lazyModule.js';
import { runAtOnce, type Steps } from '../lazy/steps.js';
import type { RpcContext } from './context.js';
import { FilterStore } from './filterStore.js';
import {
  type DevControls,
  InSteps,
  type NodeState,
  RawJson,
  readOnlyState,
  type RpcMethod,
  type Wallet,
} from './method.js';
import { blockMethods } from './methods/blocks.js';
import { callMethods } from './methods/call.js';
import { chainInfoMethods } from './methods/chainInfo.js';
import { debugMethods } from './methods/debug.js';
import { logMethods } from './methods/logs.js';
import { stateMethods } from './methods/state.js';
import { transactionMethods } from './methods/transactions.js';
import { sendMethods } from './methods/send.js';
import { devNodeMethods } from './methods/devNode.js';
import { answer, BATCH_TIMEOUT_MS, errorAnswer, type Id, MAX_BATCH, MAX_RESPONSE_BYTES } from './envelope.js';
import { runInTurns } from './turns.js';
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
   * Throws `ModuleNotLoaded`.
   */
  answer(body: string, extra?: ExtraMethods, writeRefusal?: string): string | null;
  /**
   * The same answer, a batch answered in turns (`runInTurns`): other requests are answered between
   * its requests, and a module still loading is waited for. At once (no promise) when it is short.
   */
  answerInTurns(body: string, extra?: ExtraMethods, writeRefusal?: string): string | null | Promise<string | null>;
  /** What methods read: the chain served now, and the node's state (its filters). */
  readonly context: () => RpcContext;
  readonly state: NodeState;
}

/**
 * The node's JSON-RPC 2.0 over a chain that may grow: single requests and batches (answered in
 * request order; notifications, requests without an id, get no answer), geth's error codes and
 * texts. Methods are pure functions of the chain served now, but for filters, kept by the node
 * across blocks. A batch stops as geth's does: past 25 MB of answers (-32003) or 29.9 s
 * (-32002). A method that needs a module still loading throws `ModuleNotLoaded`: `answer` throws
 * it (the transport waits it out and asks again, as for the REST API), `answerInTurns` waits.
 */
export function createRpcNode(options: {
  readonly context: () => RpcContext;
  readonly seed: string;
  readonly onError?: (error: unknown, method: string) => void;
  /** Where `eth_sendRawTransaction` and `eth_sendTransaction` put what they accept (without one they refuse). */
  readonly wallet?: Wallet;
  /** A live chain's cheat codes (without them the node refuses `evm_*`, `anvil_*` and `hardhat_*` changes). */
  readonly dev?: DevControls;
  /** How long a batch may run (default `BATCH_TIMEOUT_MS`), and the clock it is measured with. */
  readonly timeoutMs?: number;
  readonly now?: () => number;
  /** What runs calls and estimates gas (default: the ledger's models); sends run by the wallet's chain builder. */
  readonly executor?: Executor;
}): RpcNode {
  const { timeoutMs = BATCH_TIMEOUT_MS, now = () => performance.now() } = options;
  const state: NodeState = {
    filters: new FilterStore(options.seed),
    executor: options.executor ?? modelExecutor,
    ...(options.wallet ? { wallet: options.wallet } : {}),
    ...(options.dev ? { dev: options.dev } : {}),
  };
  const onError =
    options.onError ?? ((error, method) => console.error(`explorer-mock: internal error in ${method}:`, error));

  /** Why a request failed, as its answer (nothing for a notification); a module still loading is thrown. */
  const failed = (error: unknown, replyId: Id, notification: boolean, method: string): string | null => {
    if (error instanceof ModuleNotLoaded) throw error;
    if (!(error instanceof RpcError)) {
      onError(error, method);
      error = new RpcError(-32603, 'internal error');
    }
    return notification ? null : errorAnswer(replyId, error as RpcError);
  };

  /** The answer of a method that works in steps, once they are done. */
  function* finished(steps: Steps<unknown>, replyId: Id, notification: boolean, method: string): Steps<string | null> {
    try {
      const result = yield* steps;
      return notification ? null : answer(replyId, resultPart(result));
    } catch (error) {
      return failed(error, replyId, notification, method);
    }
  }

  /**
   * One request's answer, or null for a notification: at once, or the steps to it when its method
   * works in steps (a long `eth_call`). Throws `ModuleNotLoaded`.
   */
  const one = (
    ctx: RpcContext,
    request: unknown,
    extra: ExtraMethods | undefined,
    state: NodeState,
  ): string | null | Steps<string | null> => {
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
      if (result instanceof InSteps) return finished(result.steps, replyId, notification, r.method);
      return notification ? null : answer(replyId, resultPart(result));
    } catch (error) {
      return failed(error, replyId, notification, r.method);
    }
  };

  const isAnswer = (a: string | null | Steps<string | null>): a is string | null => a === null || typeof a === 'string';

  /** A request the batch will not run (too late, too much answered already): its error, or nothing for a notification. */
  const refused = (request: unknown, error: RpcError): string | null => {
    const r = request as Record<string, unknown> | null;
    const notification = r !== null && typeof r === 'object' && !Array.isArray(r) && r.id === undefined;
    return notification ? null : errorAnswer(idOf(request), error);
  };

  /**
   * One request's answer in steps (from `first`, its steps already asked for), waiting (a step) for
   * a module it needs that is still loading, then asked again.
   */
  function* settled(
    ctx: RpcContext,
    request: unknown,
    extra: ExtraMethods | undefined,
    state: NodeState,
    first?: Steps<string | null>,
  ): Steps<string | null> {
    let steps = first;
    for (;;) {
      try {
        if (!steps) {
          const a = one(ctx, request, extra, state);
          if (isAnswer(a)) return a;
          steps = a;
        }
        return yield* steps;
      } catch (error) {
        if (!(error instanceof ModuleNotLoaded)) throw error;
        steps = undefined;
        yield error;
      }
    }
  }

  /** A batch's answer, a step after each request (where it may let other work run). */
  function* batch(
    /** The chain served when each request is reached: one before it may have mined or reset. */
    contextNow: () => RpcContext,
    requests: readonly unknown[],
    extra: ExtraMethods | undefined,
    state: NodeState,
  ): Steps<string | null> {
    const started = now();
    const answers: string[] = [];
    let size = 0;
    for (const r of requests) {
      // Past the limits, each request left gets geth's error instead of its answer.
      const a =
        size > MAX_RESPONSE_BYTES
          ? refused(r, new RpcError(-32003, 'response too large'))
          : now() - started > timeoutMs
            ? refused(r, new RpcError(-32002, 'request timed out'))
            : yield* settled(contextNow(), r, extra, state);
      if (a !== null) {
        size += a.length;
        answers.push(a);
      }
      yield;
    }
    return answers.length ? `[${answers.join(',')}]` : null;
  }

  /**
   * A body's answer: one request's at once unless its method works in steps, a batch's in steps;
   * `run` runs the steps (at once, or in turns).
   */
  const answerWith = (
    body: string,
    extra: ExtraMethods | undefined,
    writeRefusal: string | undefined,
    run: (steps: Steps<string | null>) => string | null | Promise<string | null>,
  ): string | null | Promise<string | null> => {
    let request: unknown;
    try {
      request = JSON.parse(body);
    } catch {
      return errorAnswer(null, new RpcError(-32700, 'parse error'));
    }
    const ctx = options.context();
    const callerState = writeRefusal === undefined ? state : readOnlyState(state, writeRefusal);
    if (!Array.isArray(request)) {
      const a = one(ctx, request, extra, callerState);
      return isAnswer(a) ? a : run(settled(ctx, request, extra, callerState, a));
    }
    if (request.length === 0) return errorAnswer(null, invalidRequest('empty batch'));
    if (request.length > MAX_BATCH)
      return errorAnswer(null, invalidRequest(`batch too large: ${request.length} requests, at most ${MAX_BATCH}`));
    return run(batch(options.context, request, extra, callerState));
  };

  return {
    context: options.context,
    state,
    answer: (body, extra, writeRefusal) => answerWith(body, extra, writeRefusal, runAtOnce) as string | null,
    answerInTurns: (body, extra, writeRefusal) =>
      answerWith(body, extra, writeRefusal, (steps) => runInTurns(steps, now)),
  };
}
