import { REVERTED, type TraceFrame } from '../domain/callTrace.js';
import type { TraceOptions } from '../execution/executor.js';
import { lazyModule } from '../lazy/lazyModule.js';
import { settled } from '../lazy/settled.js';
import { cachedJson, type ViewContext } from './context.js';

/** The executor that traces (its models, the EVM's bridge), loaded on the first trace asked for. */
export const tracerModule = lazyModule('the tracer', () => import('../execution/evmExecutor.js'));

const hex = (n: bigint | number) => `0x${n.toString(16)}`;

/** The trace the raw trace flattens: the call tree alone, no steps (an EVM run may take up to a minute). */
const CALL_TREE: TraceOptions = { structLogs: false, onlyTopCall: false, withLog: false, timeoutMs: 60_000 };

/**
 * The call tree flattened as a node's `trace_transaction` gives it (Parity's format, which the
 * explorer's raw trace shows): each call in depth-first order with its `traceAddress` (its path
 * from the top call) and `subtraces` (its calls). A failed top call says `Reverted`, Parity's word
 * for a revert; the calls under it keep geth's words, as the explorer stores them from a geth node.
 */
export function parityTraces(root: TraceFrame, transactionHash: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const visit = (frame: TraceFrame, path: number[]) => {
    const creates = frame.type === 'create' || frame.type === 'create2';
    const value = hex(frame.value ?? 0n);
    const top = path.length === 0;
    out.push({
      action: creates
        ? { from: frame.from, gas: hex(frame.gas), init: frame.input, value }
        : {
            callType: frame.type === 'selfdestruct' ? 'call' : frame.type,
            from: frame.from,
            to: frame.to,
            gas: hex(frame.gas),
            input: frame.input,
            value,
          },
      ...(frame.error === null
        ? {
            result: creates
              ? { address: frame.to, code: frame.output, gasUsed: hex(frame.gasUsed) }
              : { gasUsed: hex(frame.gasUsed), output: frame.output },
          }
        : { error: top && frame.error === REVERTED ? 'Reverted' : frame.error }),
      subtraces: frame.calls.length,
      traceAddress: path,
      transactionHash,
      type: creates ? frame.type : frame.type === 'selfdestruct' ? 'selfdestruct' : 'call',
    });
    frame.calls.forEach((call, k) => visit(call, [...path, k]));
  };
  visit(root, []);
  return out;
}

/**
 * `/transactions/{hash}/raw-trace`: the transaction's call tree, the same trace the node's
 * `debug_traceTransaction` answers (re-run on the EVM where the EVM ran it, else the chain's facts),
 * flattened as Parity's `trace_transaction`.
 */
export const rawTraceJson = (ctx: ViewContext, at: number): string =>
  cachedJson(ctx, `trace:${at}`, () => {
    const { chain, facts } = ctx;
    const trace = settled(chain, `raw-trace:${at}`, () =>
      tracerModule.get().transactionTrace({ chain, facts }, at, CALL_TREE),
    );
    return parityTraces(trace.root, chain.transactions.at(at)!.hash);
  });
