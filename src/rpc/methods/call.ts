import { sentGas } from '../../../generators/ledger/sent.js';
import { codeAt } from '../../domain/contracts.js';
import { blockArg, minedHeight } from '../blockParam.js';
import { type CallRequest, OutOfGas, RPC_GAS_CAP } from '../calls/callEnv.js';
import { evaluateCall } from '../calls/evaluateCall.js';
import { MULTICALL3 } from '../calls/multicall3.js';
import type { CallResult } from '../calls/outcome.js';
import { pendingContext, type RpcContext } from '../context.js';
import { arity, InSteps, type RpcMethod } from '../method.js';
import { runAtOnce, type Steps } from '../turns.js';
import { addressArg, bigQuantityArg, dataArg, quantity } from '../quantity.js';
import { executionReverted, invalidParams, RpcError, serverError } from '../rpcError.js';
import { NOT_MODELLED } from '../calls/evaluateCall.js';

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

/** Where a call runs: the call, the chain's context it reads (one block ahead at `pending`) and the block. */
interface CallAt {
  readonly request: CallRequest;
  readonly at: RpcContext;
  readonly height: number;
}

/** The call and block the parameters ask for, checked. */
function callAt(ctx: RpcContext, params: readonly unknown[]): CallAt {
  const overrides = params[2];
  // State overrides would need an EVM to mean anything: refused rather than ignored.
  if (overrides !== undefined && overrides !== null && (typeof overrides !== 'object' || Object.keys(overrides).length))
    throw serverError('explorer-mock does not apply state overrides in eth_call: it has no EVM, only the ledger');
  const request = callArg(params[0], 0);
  const ref = blockArg(ctx, params[1], 1);
  // At `pending`, the call reads the chain one block ahead, at its head (as the state methods do).
  const ahead = 'pending' in ref ? pendingContext(ctx) : undefined;
  return { request, at: ahead ?? ctx, height: ahead ? ahead.chain.headHeight : minedHeight(ctx, ref) };
}

/**
 * The result of a call at a block is a pure function of the chain, the call and the block, so it
 * is remembered per chain (by the call's fields and the block), in its JSON budget: its key, or
 * null for a call too long to be worth it (a big multicall is rarely sent twice).
 */
const rememberedKey = ({ request, height }: CallAt): string | null =>
  request.data.length > MAX_REMEMBERED_DATA
    ? null
    : `call:${height}:${request.to}:${request.from}:${request.value}:${request.data.toLowerCase()}`;

/** A call's result, evaluated (in steps: Multicall3's inner calls) and remembered. */
function* evaluated(call: CallAt): Steps<CallResult> {
  const result = yield* evaluateCall(call.at, call.request, call.height);
  const key = rememberedKey(call);
  if (key !== null) call.at.json.set(key, JSON.stringify(result));
  return result;
}

/** A result that reverted is the node's code-3 error with the revert data. */
function succeeded(result: CallResult): Extract<CallResult, { ok: true }> {
  if (!result.ok) throw executionReverted(result.revertData, result.reason);
  return result;
}

/**
 * A call's result: remembered, or evaluated at once when one model answers it, or (Multicall3's
 * calls, thousands of them perhaps) its steps, run in turns with other requests.
 */
function resultOf(call: CallAt): CallResult | Steps<CallResult> {
  const key = rememberedKey(call);
  const hit = key === null ? undefined : call.at.json.peek(key);
  if (hit !== undefined) return JSON.parse(hit) as CallResult;
  return call.request.to === MULTICALL3 ? evaluated(call) : runAtOnce(evaluated(call));
}

const isResult = (value: CallResult | Steps<CallResult>): value is CallResult => 'ok' in value;

/** Runs a call at the block asked (in steps); a revert is the node's code-3 error with the revert data. */
function* run(ctx: RpcContext, params: readonly unknown[]) {
  const call = callAt(ctx, params);
  const outcome = resultOf(call);
  return { ...call, result: succeeded(isResult(outcome) ? outcome : yield* outcome) };
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

/** The gas a send of this call is mined with (the ledger's rule), once the call is known not to revert. */
function gasOf(
  at: RpcContext,
  height: number,
  request: CallRequest,
  accessList: ReturnType<typeof accessListArg>,
): number {
  const id = request.to === null ? undefined : at.chain.accountByHash.get(request.to);
  const hasCode = id !== undefined && codeAt(at.facts, id, height) !== '0x';
  const tokenType = id === undefined ? undefined : at.chain.accounts[id]!.contract?.token?.type;
  return sentGas({ data: request.data, accessList, hasCode, tokenType });
}

/** `eth_estimateGas`'s answer, in steps (the call is run first). */
export function* estimateGas(ctx: RpcContext, params: readonly unknown[]): Steps<string> {
  const accessList = accessListArg((params[0] as { accessList?: unknown } | null)?.accessList);
  try {
    const { request, at, height } = yield* run(ctx, params);
    return quantity(gasOf(at, height, request, accessList));
  } catch (error) {
    // More calls than a call's gas pays for: geth's estimate past its cap.
    if (error instanceof OutOfGas) throw serverError(`gas required exceeds allowance (${RPC_GAS_CAP})`);
    // A call nothing models is still sent and mined (as a call with no effect beyond value and
    // gas): its estimate is the gas it will be mined with.
    if (error instanceof RpcError && error.code === -32000 && error.message.startsWith(NOT_MODELLED)) {
      const request = callArg(params[0], 0);
      const ref = blockArg(ctx, params[1], 1);
      const at = 'pending' in ref ? (pendingContext(ctx) ?? ctx) : ctx;
      return quantity(gasOf(at, 'pending' in ref ? at.chain.headHeight : minedHeight(ctx, ref), request, accessList));
    }
    throw error;
  }
}

export const callMethods: Record<string, RpcMethod> = {
  eth_call(ctx, params) {
    arity(params, 1, 3);
    const outcome = resultOf(callAt(ctx, params));
    if (isResult(outcome)) return succeeded(outcome).returnData;
    return new InSteps(
      (function* () {
        return succeeded(yield* outcome).returnData;
      })(),
    );
  },
  eth_estimateGas(ctx, params) {
    arity(params, 1, 3);
    return new InSteps(estimateGas(ctx, params));
  },
};
