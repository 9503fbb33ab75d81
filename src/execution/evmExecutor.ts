import { bytesToHex } from '@ethereumjs/util';
import { sentPlan } from '../../generators/ledger/sent.js';
import type { Hex } from '../chain/types.js';
import { intrinsicGas } from '../protocol/intrinsicGas.js';
import type { AccessList } from '../protocol/transaction.js';
import { STUB_CODE } from './evm/bridge.js';
import { type EvmSession, withEvm } from './evm/evmRunner.js';
import { planOfExecuted } from './evm/planOfExecuted.js';
import { revertReasonOf } from './evm/revertReason.js';
import { type ExecutedSend, executeSend } from './evm/sendEffects.js';
import { factsWorld, ledgerWorld, type World } from './evm/world.js';
import type { CallRequest, CallResult, CallState, Executor, GasEstimate } from './executor.js';
import { modelExecutor } from './modelExecutor.js';

/** geth's `RPCGasCap`: the most gas one `eth_call` or `eth_estimateGas` may use. */
export const CALL_GAS_CAP = 50_000_000n;

const ZERO = '0x0000000000000000000000000000000000000000';

/**
 * The executor of a server that runs contracts' own code: a creation and a call of an address
 * with code of its own run on the EVM (`@ethereumjs/evm`, loaded with this module); they reach
 * the contracts the ledger models (catalogue tokens, Multicall3, declared contracts) through the
 * bridge. Everything else runs as the models run it, unchanged.
 */
export function createEvmExecutor(): Executor {
  const prepared = new Map<string, ExecutedSend>();
  const needsEvm = (world: World, to: string | null) => {
    if (to === null) return true;
    const account = world.account(to);
    return account !== undefined && account.code !== '0x' && !account.modelled;
  };
  /** A call on the EVM: the caller need not afford it; its gas is capped as geth caps it. */
  const evmCall = (session: EvmSession, request: CallRequest, gas: bigint, accessList: AccessList = []) =>
    session.run({
      from: request.from ?? ZERO,
      to: request.to,
      data: request.data,
      value: request.value,
      gas,
      gasPrice: 0n,
      accessList,
      isCall: true,
    });
  return {
    name: 'evm',
    ahead: {
      prepared: (hash) => prepared.has(hash),
      async prepare({ state, ctx }, head, sends) {
        const world = ledgerWorld(state, ctx, head.chain.chainId, head, STUB_CODE);
        const evmSends = sends.filter((sent) => needsEvm(world, sent.to));
        if (!evmSends.length) return;
        await withEvm(world, async (session) => {
          for (const sent of evmSends) prepared.set(sent.hash, await executeSend(session, world, sent));
        });
      },
    },
    planSend(state, sent) {
      const run = prepared.get(sent.hash);
      if (!run) return sentPlan(state, sent);
      prepared.delete(sent.hash);
      return planOfExecuted(state, sent, run);
    },
    call(state: CallState, request, height) {
      const world = factsWorld(state.facts, height, STUB_CODE);
      if (!needsEvm(world, request.to)) return modelExecutor.call(state, request, height);
      return withEvm(world, async (session): Promise<CallResult> => {
        const run = await evmCall(session, request, CALL_GAS_CAP);
        const exec = run.result.execResult;
        const data = bytesToHex(exec.returnValue) as Hex;
        if (!exec.exceptionError) return { ok: true, returnData: data };
        return {
          ok: false,
          revertData: exec.exceptionError.error === 'revert' ? data : '0x',
          reason: revertReasonOf(exec.exceptionError.error, data),
        };
      });
    },
    estimateGas(state, request, height, accessList) {
      const world = factsWorld(state.facts, height, STUB_CODE);
      if (!needsEvm(world, request.to)) return modelExecutor.estimateGas(state, request, height, accessList);
      const intrinsic = BigInt(intrinsicGas({ to: request.to, input: request.data, accessList }));
      return withEvm(world, async (session): Promise<GasEstimate> => {
        // As geth: run with the cap; a failure there is the answer; else the least gas that succeeds, by bisection.
        const attempt = async (gas: bigint) => {
          await session.state.checkpoint();
          try {
            return await evmCall(session, request, gas - intrinsic, accessList);
          } finally {
            await session.state.revert();
          }
        };
        const capped = await attempt(CALL_GAS_CAP);
        const failure = capped.result.execResult.exceptionError;
        if (failure) {
          const data = bytesToHex(capped.result.execResult.returnValue) as Hex;
          return {
            ok: false,
            revertData: failure.error === 'revert' ? data : '0x',
            reason: revertReasonOf(failure.error, data),
          };
        }
        const used = intrinsic + capped.result.execResult.executionGasUsed;
        let lo = used - 1n;
        let hi = CALL_GAS_CAP;
        // Most calls need what they used and the 1/64 each call frame keeps back: try that first.
        const likely = (used * 64n) / 63n + 2_300n;
        if (likely < hi && !(await attempt(likely)).result.execResult.exceptionError) hi = likely;
        while (hi - lo > 1n && (hi - lo) * 1000n > hi * 15n) {
          const mid = (lo + hi) / 2n;
          if ((await attempt(mid)).result.execResult.exceptionError) lo = mid;
          else hi = mid;
        }
        return { ok: true, gas: Number(hi) };
      });
    },
  };
}
