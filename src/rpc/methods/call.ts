import { callGas } from '../../../generators/contracts/gasTable.js';
import { blockArg, minedHeight } from '../blockParam.js';
import type { CallRequest } from '../calls/callEnv.js';
import { evaluateCall } from '../calls/evaluateCall.js';
import type { CallResult } from '../calls/outcome.js';
import { pendingContext, type RpcContext } from '../context.js';
import { arity, type RpcMethod } from '../method.js';
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

/**
 * The result of a call at a block: a pure function of the chain, the call and the block, so it is
 * remembered per chain (by the call's fields and the block), in its JSON budget.
 */
function resultOf(ctx: RpcContext, request: CallRequest, height: number): CallResult {
  if (request.data.length > MAX_REMEMBERED_DATA) return evaluateCall(ctx, request, height);
  const key = `call:${height}:${request.to}:${request.from}:${request.value}:${request.data.toLowerCase()}`;
  const hit = ctx.json.peek(key);
  if (hit !== undefined) return JSON.parse(hit) as CallResult;
  const result = evaluateCall(ctx, request, height);
  ctx.json.set(key, JSON.stringify(result));
  return result;
}

/** Runs a call at the block asked; a revert is the node's code-3 error with the revert data. */
function run(ctx: RpcContext, params: readonly unknown[]) {
  const overrides = params[2];
  // State overrides would need an EVM to mean anything: refused rather than ignored.
  if (overrides !== undefined && overrides !== null && (typeof overrides !== 'object' || Object.keys(overrides).length))
    throw serverError('explorer-mock does not apply state overrides in eth_call: it has no EVM, only the ledger');
  const request = callArg(params[0], 0);
  const ref = blockArg(ctx, params[1], 1);
  // At `pending`, the call reads the chain one block ahead, at its head (as the state methods do).
  const ahead = 'pending' in ref ? pendingContext(ctx) : undefined;
  const result = ahead
    ? resultOf(ahead, request, ahead.chain.headHeight)
    : resultOf(ctx, request, minedHeight(ctx, ref));
  if (!result.ok) throw executionReverted(result.revertData, result.reason);
  return { request, result };
}

export const callMethods: Record<string, RpcMethod> = {
  eth_call(ctx, params) {
    arity(params, 1, 3);
    return run(ctx, params).result.returnData;
  },
  eth_estimateGas(ctx, params) {
    arity(params, 1, 3);
    try {
      const { request, result } = run(ctx, params);
      return quantity(callGas(request.data, result.ran ?? null));
    } catch (error) {
      // A call nothing models is still sent and mined (as a call with no effect beyond value and
      // gas): its estimate is the gas it will be mined with.
      if (error instanceof RpcError && error.code === -32000 && error.message.startsWith(NOT_MODELLED))
        return quantity(callGas(callArg(params[0], 0).data, {}));
      throw error;
    }
  },
};
