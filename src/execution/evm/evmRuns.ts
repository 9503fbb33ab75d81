import { bytesToHex } from '@ethereumjs/util';
import type { Hex } from '../../chain/types.js';
import { intrinsicGas } from '../../protocol/intrinsicGas.js';
import type { SentTransaction } from '../../protocol/sentTransaction.js';
import type { AccessList } from '../../protocol/transaction.js';
import type { TransactionTrace } from '../../domain/callTrace.js';
import { CALL_GAS_CAP, type CallRequest, type CallResult, type GasEstimate, type TraceOptions } from '../executor.js';
import { type EvmSession, type InitInput, type MessageInput, type Run, withEvm } from './evmRunner.js';
import { slotHex } from './worldStateManager.js';
import { ModuleNotLoaded } from '../../lazy/lazyModule.js';
import { revertReasonOf } from './revertReason.js';
import { type ExecutedSend, executeTransaction, messageOfSent, type TransactionMessage } from './sendEffects.js';
import { Tracer, traceOfRun } from './tracing.js';
import type { World } from './world.js';

export { CALL_GAS_CAP } from '../executor.js';

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
    for (const sent of sends) done.push(await executeTransaction(session, world, messageOfSent(world, sent)));
    return done;
  });
}

/** Runs one transaction on the EVM over `world` (a scenario's contract's creation, at its position). */
export const runTransaction = (world: World, message: TransactionMessage): Promise<ExecutedSend> =>
  withEvm(world, (session) => executeTransaction(session, world, message));

/** What creation code run at a fixed address left there: its runtime, the slots it set; or why it failed. */
export type InitOutcome =
  | { readonly ok: true; readonly runtime: Hex; readonly storage: readonly { slot: Hex; value: Hex }[] }
  | { readonly ok: false; readonly reason: string };

/**
 * Runs creation code as the code of `address` over `world` (`EvmSession.runInit`): the runtime it
 * returns and the slots it sets at `address`, as a genesis allocation holds a predeployed contract.
 */
export const runInitAt = (world: World, input: InitInput): Promise<InitOutcome> =>
  withEvm(world, async (session) => {
    // A genesis allocation holds one contract's code and storage: a constructor reaching further
    // (a CREATE, which runCode cannot even run, or another account's storage) cannot be one.
    const beyond =
      "creates a contract or writes another account's storage, which a genesis allocation of one contract cannot hold (leave out its address to deploy it at set-up)";
    let exec: Awaited<ReturnType<EvmSession['runInit']>>;
    try {
      exec = await session.runInit(input);
    } catch (error) {
      // A module the world reads that is still loading is not the constructor's doing.
      if (error instanceof ModuleNotLoaded) throw error;
      return { ok: false, reason: beyond };
    }
    const returned = bytesToHex(exec.returnValue) as Hex;
    if (exec.exceptionError)
      return { ok: false, reason: `reverted: ${revertReasonOf(exec.exceptionError.error, returned)}` };
    const prefix = `${input.address.toLowerCase()}:`;
    const changes = session.state.changes();
    if ([...changes.storage.keys()].some((key) => !key.startsWith(prefix)) || [...changes.code.keys()].length)
      return { ok: false, reason: beyond };
    const storage = [...changes.storage]
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, value]) => ({
        slot: slotHex(Buffer.from(key.slice(prefix.length + 2), 'hex')),
        value: slotHex(value),
      }))
      .filter(({ value }) => BigInt(value) !== 0n)
      .sort((a, b) => (a.slot < b.slot ? -1 : a.slot > b.slot ? 1 : 0));
    return { ok: true, runtime: returned, storage };
  });

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

/** Gas a run used, as its receipt says: intrinsic and execution, less the refund (EIP-3529: at most a fifth). */
function receiptGas(run: Run, intrinsic: bigint): bigint {
  const exec = run.result.execResult;
  const used = intrinsic + exec.executionGasUsed;
  if (exec.exceptionError) return used;
  const refund = exec.gasRefund ?? 0n;
  return used - (refund < used / 5n ? refund : used / 5n);
}

/** Runs one message on the EVM over `world` with a tracer watching, and the trace it makes. */
const traced = (
  world: World,
  input: MessageInput,
  intrinsic: bigint,
  options: TraceOptions,
): Promise<TransactionTrace> => {
  const tracer = new Tracer(options);
  return withEvm(
    world,
    async (session) => {
      const run = await session.run(input);
      return traceOfRun(run, tracer, {
        gasLimit: input.gas + intrinsic,
        gasUsed: receiptGas(run, intrinsic),
        onlyTopCall: options.onlyTopCall,
      });
    },
    tracer,
  );
};

/** The trace of a transaction, run again on `world` (the state it ran on: `positionWorld`). */
export function traceTransaction(
  world: World,
  tx: TransactionMessage,
  options: TraceOptions,
): Promise<TransactionTrace> {
  const intrinsic = BigInt(intrinsicGas({ to: tx.to, input: tx.input, accessList: tx.accessList }));
  return traced(
    world,
    {
      from: tx.from,
      to: tx.to,
      data: tx.input,
      value: tx.value,
      gas: BigInt(tx.gasLimit) - intrinsic,
      gasPrice: tx.gasPrice,
      accessList: tx.accessList,
    },
    intrinsic,
    options,
  );
}

/** The trace of a call on `world`, run as `eth_call` runs it (its gas capped as geth caps it). */
export function traceCall(world: World, request: CallRequest, options: TraceOptions): Promise<TransactionTrace> {
  const intrinsic = BigInt(intrinsicGas({ to: request.to, input: request.data, accessList: [] }));
  return traced(
    world,
    {
      from: request.from ?? ZERO,
      to: request.to,
      data: request.data,
      value: request.value,
      gas: CALL_GAS_CAP - intrinsic,
      gasPrice: 0n,
      isCall: true,
    },
    intrinsic,
    options,
  );
}
