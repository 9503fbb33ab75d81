import { logsOfTransaction } from '../chain/logs.js';
import type { Hex } from '../chain/types.js';
import { REVERTED, type TraceFrame, type TransactionTrace, traceOfFacts } from '../domain/callTrace.js';
import { encodedLogOf, logEventOf } from '../domain/logs.js';
import { revertData } from '../domain/revertData.js';
import { CALL_GAS_CAP, type CallRequest, type CallResult, type CallState, type TraceOptions } from './executor.js';

const ZERO = '0x0000000000000000000000000000000000000000';

/**
 * The trace of a transaction the EVM did not run, from the chain's facts (`traceOfFacts`), shaped by
 * the callTracer's options: `onlyTopCall` drops its calls; `withLog` gives the top call its logs
 * where it made no internal call (the chain does not say which call of a tree emitted a log).
 */
export function factsTrace(state: CallState, at: number, options: TraceOptions): TransactionTrace {
  const trace = traceOfFacts(state.facts, at);
  const tx = state.chain.transactions.at(at)!;
  const logs =
    options.withLog && tx.status === 'ok' && tx.internalCount === 0
      ? logsOfTransaction(tx).map((ref) => {
          const log = encodedLogOf(state.facts, ref);
          return {
            address: state.chain.accounts[logEventOf(state.facts, ref).emitterId]!.lower,
            topics: log.topics.filter((t): t is string => t !== null) as Hex[],
            data: log.data as Hex,
            position: 0,
          };
        })
      : [];
  return { ...trace, root: { ...trace.root, logs, calls: options.onlyTopCall ? [] : trace.root.calls } };
}

/**
 * The trace of a call the ledger's models answer: one frame, its output the model's answer (or its
 * revert), its gas the cap a traced call runs with, its gas used what a send of it would use.
 */
export function modelledCallTrace(request: CallRequest, result: CallResult, gasUsed: number): TransactionTrace {
  const output: Hex = result.ok ? result.returnData : result.revertData;
  const reason = result.ok ? null : result.reason;
  const root: TraceFrame = {
    type: request.to === null ? 'create' : 'call',
    from: request.from ?? ZERO,
    to: request.to,
    value: request.value,
    gas: CALL_GAS_CAP,
    gasUsed: BigInt(gasUsed),
    input: request.data,
    output: result.ok || output !== '0x' ? output : reason && reason !== REVERTED ? revertData(reason) : '0x',
    error: result.ok ? null : REVERTED,
    revertReason: reason === REVERTED ? null : reason,
    logs: [],
    calls: [],
  };
  return {
    executed: false,
    root,
    gasUsed: BigInt(gasUsed),
    failed: !result.ok,
    returnValue: root.output,
    structLogs: [],
  };
}
