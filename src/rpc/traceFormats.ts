import type { StructLog, TraceFrame, TransactionTrace } from '../domain/callTrace.js';
import type { TraceOptions } from '../execution/executor.js';
import { quantity } from './quantity.js';

/** A call frame as geth's callTracer writes it (`eth/tracers/native/call.go`), its fields in geth's order. */
export function callTracerJson(frame: TraceFrame): Record<string, unknown> {
  const json: Record<string, unknown> = {
    from: frame.from,
    gas: quantity(frame.gas),
    gasUsed: quantity(frame.gasUsed),
  };
  if (frame.to !== null) json.to = frame.to;
  json.input = frame.input;
  if (frame.output !== '0x') json.output = frame.output;
  if (frame.error !== null) json.error = frame.error;
  if (frame.revertReason !== null) json.revertReason = frame.revertReason;
  if (frame.calls.length) json.calls = frame.calls.map(callTracerJson);
  if (frame.logs.length)
    json.logs = frame.logs.map((log) => ({
      address: log.address,
      topics: log.topics,
      data: log.data,
      position: quantity(log.position),
    }));
  if (frame.value !== null) json.value = quantity(frame.value);
  json.type = frame.type.toUpperCase();
  return json;
}

/** One struct log as geth's struct logger writes it (`StructLogRes`). */
function structLogJson(log: StructLog): string {
  const json: Record<string, unknown> = {
    pc: log.pc,
    op: log.op,
    gas: Number(log.gas),
    gasCost: Number(log.gasCost),
    depth: log.depth,
  };
  if (log.error !== undefined) json.error = log.error;
  if (log.stack) json.stack = log.stack.map((v) => quantity(v));
  if (log.returnData !== undefined) json.returnData = log.returnData;
  if (log.memory) json.memory = log.memory;
  if (log.storage) json.storage = log.storage;
  if (log.refund > 0n) json.refund = Number(log.refund);
  return JSON.stringify(json);
}

/**
 * A trace as geth's default tracer answers it (`ExecutionResult`): the gas used, whether it failed,
 * the return value (hex without 0x; a revert's data, empty for any other failure), the struct logs.
 */
export function structLoggerJson(trace: TransactionTrace): string {
  const head = JSON.stringify({
    gas: Number(trace.gasUsed),
    failed: trace.failed,
    returnValue: trace.returnValue.slice(2),
  });
  return `${head.slice(0, -1)},"structLogs":[${trace.structLogs.map(structLogJson).join(',')}]}`;
}

/** The 4byteTracer's answer: `selector-size` of each call with call data (the top one included) and how many times it was made. */
export function fourByteJson(trace: TransactionTrace): Record<string, number> {
  const counts: Record<string, number> = {};
  const visit = (frame: TraceFrame) => {
    const creates = frame.type === 'create' || frame.type === 'create2';
    if (!creates && frame.type !== 'selfdestruct' && frame.input.length >= 10) {
      const key = `${frame.input.slice(0, 10)}-${(frame.input.length - 10) / 2}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    frame.calls.forEach(visit);
  };
  visit(trace.root);
  return counts;
}

/** A trace as the tracer asked for writes it (JSON text). */
export function traceJson(trace: TransactionTrace, tracer: Tracer): string {
  if (tracer === 'callTracer') return JSON.stringify(callTracerJson(trace.root));
  if (tracer === '4byteTracer') return JSON.stringify(fourByteJson(trace));
  if (tracer === 'noopTracer') return '{}';
  return structLoggerJson(trace);
}

/** The tracers the node runs: geth's default (the struct logger, `null`), and its native ones named here. */
export type Tracer = null | 'callTracer' | '4byteTracer' | 'noopTracer';

/** What the run must collect for a tracer's answer. */
export const collects = (tracer: Tracer, options: TraceOptions): TraceOptions =>
  tracer === null ? options : { ...options, structLogs: false };
