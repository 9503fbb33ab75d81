import { blockArg, minedHeight } from '../blockParam.js';
import type { Answer, CallRequest, CallResult, Executor, GasEstimate } from '../../execution/executor.js';
import { isSteps, type Steps } from '../../lazy/steps.js';
import { ExecutionRefused } from '../../protocol/errors.js';
import { AUTHORIZATION_GAS } from '../../protocol/intrinsicGas.js';
import { settled } from '../../lazy/settled.js';
import { pendingContext, type RpcContext } from '../context.js';
import { arity, InSteps, type NodeState, type RpcMethod } from '../method.js';
import { addressArg, bigQuantityArg, dataArg, quantity } from '../quantity.js';
import { executionReverted, invalidParams, serverError } from '../rpcError.js';

/** The call object of `eth_call` and `eth_estimateGas`: `from`, `to`, `data` (or `input`), `value`; gas and prices are read and checked, not used. */
export function callArg(value: unknown, index: number): CallRequest {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw invalidParams(
      `invalid argument ${index}: cannot unmarshal ${JSON.stringify(value) ?? 'undefined'} into a call object`,
    );
  const o = value as Record<string, unknown>;
  if (o.data !== undefined && o.input !== undefined && o.data !== o.input)
    throw invalidParams(
      `invalid argument ${index}: both "data" and "input" are set and not equal. Please use "input" to pass transaction call data`,
    );
  for (const field of ['gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas', 'nonce'])
    if (o[field] !== undefined && o[field] !== null) bigQuantityArg(o[field], index, field);
  const data = o.input ?? o.data;
  return {
    from: o.from === undefined || o.from === null ? null : addressArg(o.from, index, 'from'),
    to: o.to === undefined || o.to === null ? null : addressArg(o.to, index, 'to'),
    data: data === undefined || data === null ? '0x' : dataArg(data, index, o.input !== undefined ? 'input' : 'data'),
    value: o.value === undefined || o.value === null ? 0n : bigQuantityArg(o.value, index, 'value'),
  };
}

/** Calls with more call data than this are not remembered (a big multicall is rarely sent twice). */
const MAX_REMEMBERED_DATA = 2_048;

/**
 * What the executor answers, `key` naming it: at once, or its steps (a call of Multicall3); an
 * answer it works out asynchronously (an EVM run) is waited for by `settled`. What it refuses to
 * run is the node's -32000 error with its reason.
 */
function executed<T>(owner: object, key: string, run: () => Answer<T>): T | Steps<T> {
  const answer = refusedAsServerError(() => settled<T | Steps<T>>(owner, key, run));
  return isSteps(answer) ? refusedInSteps(answer) : answer;
}

/**
 * The result of a call at a block, run by the node's executor: a pure function of the chain, the
 * call and the block, so it is remembered per chain (by the call's fields and the block), in its
 * JSON budget; at once, or in steps (a call of Multicall3, thousands of inner calls perhaps, that
 * the node runs in turns with other requests).
 */
function resultOf(
  ctx: RpcContext,
  executor: Executor,
  request: CallRequest,
  height: number,
): CallResult | Steps<CallResult> {
  const key = `call:${height}:${request.to}:${request.from}:${request.value}:${request.data.toLowerCase()}`;
  const run = () => executed(ctx.json, key, () => executor.call(ctx, request, height));
  if (request.data.length > MAX_REMEMBERED_DATA) return run();
  const hit = ctx.json.peek(key);
  if (hit !== undefined) return JSON.parse(hit) as CallResult;
  const remember = (result: CallResult) => {
    ctx.json.set(key, JSON.stringify(result));
    return result;
  };
  const outcome = run();
  return isSteps(outcome) ? mapSteps(outcome, remember) : remember(outcome);
}

/** What the executor refuses to run, as the node's -32000 error. */
function refusedAsServerError<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof ExecutionRefused) throw serverError(error.message);
    throw error;
  }
}

/** The same, for steps: what the executor refuses as they run is the node's -32000 error. */
function* refusedInSteps<T>(steps: Steps<T>): Steps<T> {
  try {
    return yield* steps;
  } catch (error) {
    if (error instanceof ExecutionRefused) throw serverError(error.message);
    throw error;
  }
}

/** Steps to `f` of what `steps` end with. */
function* mapSteps<T, U>(steps: Steps<T>, f: (value: T) => U): Steps<U> {
  return f(yield* steps);
}

/** A value, or its steps: a method's result at once, or `InSteps` the node runs in turns. */
const resultIn = <T, U>(outcome: T | Steps<T>, f: (value: T) => U): U | InSteps =>
  isSteps(outcome) ? new InSteps(mapSteps(outcome, f)) : f(outcome);

/** Where a call runs: the block asked, read at its head for `pending` (as the state methods do). */
function placeOf(ctx: RpcContext, params: readonly unknown[]) {
  const overrides = params[2];
  // State overrides would need an EVM to mean anything: refused rather than ignored.
  if (overrides !== undefined && overrides !== null && (typeof overrides !== 'object' || Object.keys(overrides).length))
    throw serverError('explorer-mock does not apply state overrides in eth_call: it has no EVM, only the ledger');
  const request = callArg(params[0], 0);
  const ref = blockArg(ctx, params[1], 1);
  const ahead = 'pending' in ref ? pendingContext(ctx) : undefined;
  const at = ahead ?? ctx;
  return { request, at, height: ahead ? ahead.chain.headHeight : minedHeight(ctx, ref) };
}

/** An access list's entries, as a call object may carry them (`eth_estimateGas` counts their gas). */
export function accessListArg(value: unknown): { address: `0x${string}`; storageKeys: `0x${string}`[] }[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalidParams('invalid argument 0: accessList must be an array');
  return value.map((entry) => {
    const e = (entry ?? {}) as { address?: unknown; storageKeys?: unknown };
    const keys = e.storageKeys ?? [];
    if (!Array.isArray(keys)) throw invalidParams('invalid argument 0: storageKeys must be an array');
    return {
      address: addressArg(e.address, 0, 'accessList.address') as `0x${string}`,
      storageKeys: keys.map((k) => dataArg(k, 0, 'accessList.storageKeys')),
    };
  });
}

/** How many authorizations a call object's `authorizationList` holds (EIP-7702; `eth_estimateGas` counts their gas). */
export function authorizationCountArg(value: unknown): number {
  if (value === undefined || value === null) return 0;
  if (!Array.isArray(value)) throw invalidParams('invalid argument 0: authorizationList must be an array');
  return value.length;
}

/** A call's result, but a revert: the node's code-3 error with the revert data. */
function succeeded(result: CallResult): Extract<CallResult, { ok: true }> {
  if (!result.ok) throw executionReverted(result.revertData, result.reason);
  return result;
}

/** `eth_estimateGas`'s answer (the call is run first): at once, or in steps. */
export function estimateGas(ctx: RpcContext, params: readonly unknown[], node: NodeState): string | Steps<string> {
  const accessList = accessListArg((params[0] as { accessList?: unknown } | null)?.accessList);
  const { request, at, height } = placeOf(ctx, params);
  const authorizations = authorizationCountArg(
    (params[0] as { authorizationList?: unknown } | null)?.authorizationList,
  );
  const key = `estimate:${height}:${request.to}:${request.from}:${request.value}:${request.data.toLowerCase()}:${JSON.stringify(accessList)}`;
  const outcome = executed(at.json, key, () => node.executor.estimateGas(at, request, height, accessList));
  const answered = (estimate: GasEstimate) => {
    if (!estimate.ok) throw executionReverted(estimate.revertData, estimate.reason);
    // A set-code call's authorizations cost their intrinsic gas each (EIP-7702).
    return quantity(estimate.gas + AUTHORIZATION_GAS * authorizations);
  };
  return isSteps(outcome) ? mapSteps(outcome, answered) : answered(outcome);
}

export const callMethods: Record<string, RpcMethod> = {
  eth_call(ctx, params, node) {
    arity(params, 1, 3);
    const { request, at, height } = placeOf(ctx, params);
    return resultIn(resultOf(at, node.executor, request, height), (result) => succeeded(result).returnData);
  },
  eth_estimateGas(ctx, params, node) {
    arity(params, 1, 3);
    const outcome = estimateGas(ctx, params, node);
    return isSteps(outcome) ? new InSteps(outcome) : outcome;
  },
};
