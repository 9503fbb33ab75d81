import { bytesToHex } from '@ethereumjs/util';
import type { Hex } from '../../chain/types.js';
import { intrinsicGas } from '../../protocol/intrinsicGas.js';
import type { SentTransaction } from '../../protocol/sentTransaction.js';
import type { AccessList } from '../../protocol/transaction.js';
import type { CallRequest, CallResult, GasEstimate } from '../executor.js';
import { type EvmSession, withEvm } from './evmRunner.js';
import { revertReasonOf } from './revertReason.js';
import { type ExecutedSend, executeSend } from './sendEffects.js';
import type { World } from './world.js';

/** geth's `RPCGasCap`: the most gas one `eth_call` or `eth_estimateGas` may use. */
export const CALL_GAS_CAP = 50_000_000n;

const ZERO = '0x0000000000000000000000000000000000000000';

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

/** A failed run as a call answers it: the revert's data (none for another error) and its reason. */
const failed = (error: string, data: Hex) =>
  ({ ok: false, revertData: error === 'revert' ? data : '0x', reason: revertReasonOf(error, data) }) as const;

/** Runs sends in order on the EVM over `world`, each on the state the one before left. */
export async function runSends(world: World, sends: readonly SentTransaction[]): Promise<ExecutedSend[]> {
  return withEvm(world, async (session) => {
    const done: ExecutedSend[] = [];
    for (const sent of sends) done.push(await executeSend(session, world, sent));
    return done;
  });
}

/** A call's result on the EVM over `world`. */
export const runCall = (world: World, request: CallRequest): Promise<CallResult> =>
  withEvm(world, async (session) => {
    const run = await evmCall(session, request, CALL_GAS_CAP);
    const exec = run.result.execResult;
    const data = bytesToHex(exec.returnValue) as Hex;
    return exec.exceptionError ? failed(exec.exceptionError.error, data) : { ok: true, returnData: data };
  });

/**
 * The gas a send of the call needs, as geth estimates it: run with the cap (a failure there is the
 * answer), then the least gas that succeeds, by bisection to within 1.5%.
 */
export const estimateGas = (world: World, request: CallRequest, accessList: AccessList): Promise<GasEstimate> =>
  withEvm(world, async (session) => {
    const intrinsic = BigInt(intrinsicGas({ to: request.to, input: request.data, accessList }));
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
    if (failure) return failed(failure.error, bytesToHex(capped.result.execResult.returnValue) as Hex);
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
