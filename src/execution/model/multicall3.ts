import type { AbiFunction } from 'abitype';
import * as AbiFunctions from 'ox/AbiFunction';
import { MULTICALL3_ABI, MULTICALL3_ADDRESS } from '../../../generators/contracts/multicall3.js';
import { balanceAt } from '../../domain/balances.js';
import type { Steps } from '../../lazy/steps.js';
import { ExecutionRefused } from '../../protocol/errors.js';
import type { CallRequest, CallResult, CallState } from '../executor.js';
import { type CallBudget, charge, memoryGas, OutOfGas } from './callEnv.js';
import { revertResult } from './outcome.js';

/** Multicall3's canonical address (the same on every chain), lower-case. */
export const MULTICALL3 = MULTICALL3_ADDRESS.toLowerCase();

const FUNCTIONS = new Map(
  MULTICALL3_ABI.filter((x): x is AbiFunction => x.type === 'function').map((fn) => [AbiFunctions.getSelector(fn), fn]),
);
const ZERO_HASH = `0x${'0'.repeat(64)}`;
const FAILED = 'Multicall3: call failed';

type Evaluate = (
  ctx: CallState,
  request: CallRequest,
  height: number,
  depth: number,
  budget: CallBudget,
) => Steps<CallResult>;

/** How deep Multicall3 may call itself; deeper, an inner call reverts (as it would run out of gas). */
export const MAX_MULTICALL_DEPTH = 8;
type Inner = { target: string; allowFailure?: boolean; value?: bigint; callData: `0x${string}` };

/**
 * A call of Multicall3: each inner call evaluated as the node evaluates any call (its sender is
 * Multicall3), the results encoded as the contract returns them; the block views from the block
 * the call runs on. `blockhash` of the current block is zero inside a call, as in the EVM. A step
 * after each inner call: thousands of them may be answered in turns with other requests.
 */
export function* multicall3(
  ctx: CallState,
  request: CallRequest,
  height: number,
  depth: number,
  budget: CallBudget,
  evaluate: Evaluate,
): Steps<CallResult> {
  if (depth >= MAX_MULTICALL_DEPTH) return revertResult(null);
  const fn = FUNCTIONS.get(request.data.slice(0, 10) as `0x${string}`);
  if (!fn) return revertResult(null);
  let args: readonly unknown[];
  try {
    args = fn.inputs.length ? (AbiFunctions.decodeData(fn, request.data) as readonly unknown[]) : [];
  } catch {
    return revertResult(null);
  }
  if (request.value > 0n && fn.stateMutability !== 'payable') return revertResult(null);
  const block = ctx.chain.blocks.at(height)!;
  /**
   * An inner call's result; a call the node does not model fails alone, its returned data the
   * node's message as an `Error(string)` (a caller that requires it gets the node's error itself).
   */
  function* run(call: Inner): Steps<CallResult & { notModelled?: ExecutionRefused }> {
    try {
      return yield* evaluate(
        ctx,
        { from: MULTICALL3, to: call.target.toLowerCase(), data: call.callData, value: call.value ?? 0n },
        height,
        depth + 1,
        budget,
      );
    } catch (error) {
      // Out of gas, the whole call is: not this inner call alone.
      if (!(error instanceof ExecutionRefused) || error instanceof OutOfGas) throw error;
      return { ...revertResult(error.message), notModelled: error };
    }
  }
  /** Every inner call's result, in order, a step after each. */
  function* runAll(calls: readonly Inner[]): Steps<(CallResult & { notModelled?: ExecutionRefused })[]> {
    const results = [];
    for (const call of calls) {
      results.push(yield* run(call));
      yield;
    }
    return results;
  }
  /** Reverts as the contract does when a required call failed, or throws why the node could not answer it. */
  const failRequired = (
    results: readonly (CallResult & { notModelled?: ExecutionRefused })[],
    required: (i: number) => boolean,
  ) => {
    const failed = results.findIndex((r, i) => !r.ok && required(i));
    if (failed < 0) return undefined;
    const why = results[failed]!.notModelled;
    if (why) throw why;
    return revertResult(FAILED);
  };
  const result = (r: CallResult) => ({ success: r.ok, returnData: r.ok ? r.returnData : r.revertData });
  const ok = (value: unknown): CallResult => {
    const returnData = AbiFunctions.encodeResult(fn, value as never);
    // The results held in memory to be returned: what makes a result of results expensive.
    charge(budget, memoryGas((returnData.length - 2) / 2));
    return { ok: true, returnData };
  };
  switch (fn.name) {
    case 'aggregate':
    case 'blockAndAggregate':
    case 'tryAggregate':
    case 'tryBlockAndAggregate': {
      const requireSuccess = fn.name === 'aggregate' || fn.name === 'blockAndAggregate' || (args[0] as boolean);
      const calls = (fn.name.startsWith('try') ? args[1] : args[0]) as Inner[];
      const results = yield* runAll(calls);
      const refused = requireSuccess ? failRequired(results, () => true) : undefined;
      if (refused) return refused;
      if (fn.name === 'aggregate') return ok([BigInt(height), results.map((r) => (r.ok ? r.returnData : '0x'))]);
      if (fn.name === 'tryAggregate') return ok(results.map(result));
      return ok([BigInt(height), ZERO_HASH, results.map(result)]);
    }
    case 'aggregate3':
    case 'aggregate3Value': {
      const calls = args[0] as Inner[];
      if (fn.name === 'aggregate3Value' && calls.reduce((sum, c) => sum + (c.value ?? 0n), 0n) !== request.value)
        return revertResult('Multicall3: value mismatch');
      const results = yield* runAll(calls);
      const refused = failRequired(results, (i) => !calls[i]!.allowFailure);
      if (refused) return refused;
      return ok(results.map(result));
    }
    case 'getBasefee':
      return ok(block.baseFeePerGas);
    case 'getBlockHash': {
      const n = args[0] as bigint;
      return ok(n < BigInt(height) && n >= BigInt(height - 256) ? ctx.chain.blocks.at(Number(n))!.hash : ZERO_HASH);
    }
    case 'getBlockNumber':
      return ok(BigInt(height));
    case 'getChainId':
      return ok(BigInt(ctx.chain.chainId));
    case 'getCurrentBlockCoinbase':
      return ok(ctx.chain.accounts[block.minerId]!.lower);
    case 'getCurrentBlockDifficulty':
      return ok(block.difficulty);
    case 'getCurrentBlockGasLimit':
      return ok(BigInt(block.gasLimit));
    case 'getCurrentBlockTimestamp':
      return ok(BigInt(block.timestamp));
    case 'getEthBalance': {
      const id = ctx.chain.accountByHash.get(String(args[0]).toLowerCase());
      return ok(id === undefined ? 0n : balanceAt(ctx.facts, id, height));
    }
    case 'getLastBlockHash':
      return ok(height > 0 ? ctx.chain.blocks.at(height - 1)!.hash : ZERO_HASH);
    default:
      return revertResult(null);
  }
}
