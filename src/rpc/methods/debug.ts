import type { Block } from '../../chain/types.js';
import type { TransactionTrace } from '../../domain/callTrace.js';
import type { Executor, TraceOptions } from '../../execution/executor.js';
import { settled } from '../../lazy/settled.js';
import { ModuleNotLoaded } from '../../lazy/lazyModule.js';
import { ExecutionRefused } from '../../protocol/errors.js';
import { blockArg, minedHeight } from '../blockParam.js';
import type { RpcContext } from '../context.js';
import { MAX_RESPONSE_BYTES } from '../envelope.js';
import { arity, RawJson, type RpcMethod } from '../method.js';
import { hashArg } from '../quantity.js';
import { invalidParams, RpcError, serverError } from '../rpcError.js';
import { collects, type Tracer, traceJson } from '../traceFormats.js';
import { callArg } from './call.js';

/** geth's `defaultTraceTimeout`; a `timeout` asked may be longer, up to a minute. */
const DEFAULT_TIMEOUT_MS = 5_000;
const MAX_TIMEOUT_MS = 60_000;

/** The tracers geth bundles that explorer-mock does not run: named so, rather than "not found". */
const NOT_RUN = ['prestateTracer', 'flatCallTracer', 'muxTracer', 'erc7562Tracer', 'callTracerLegacy'];
const RUN: readonly string[] = ['callTracer', '4byteTracer', 'noopTracer'];

/** Go's `time.ParseDuration`, for the durations a trace's `timeout` takes (`5s`, `1m30s`, `500ms`). */
function durationMs(text: string): number {
  const units: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };
  const parts = [...text.matchAll(/(\d+(?:\.\d*)?)(ns|us|µs|ms|s|m|h)/g)];
  if (!parts.length || parts.map((p) => p[0]).join('') !== text)
    throw serverError(`time: invalid duration ${JSON.stringify(text)}`);
  return parts.reduce((ms, [, n, unit]) => ms + Number(n) * units[unit!]!, 0);
}

const boolField = (o: Record<string, unknown>, field: string, index: number): boolean => {
  const v = o[field];
  if (v === undefined || v === null) return false;
  if (typeof v !== 'boolean')
    throw invalidParams(
      `invalid argument ${index}: json: cannot unmarshal ${typeof v} into Go struct field TraceConfig.${field} of type bool`,
    );
  return v;
};

/** What a trace's config asks (geth's `TraceConfig`): the tracer, its config, the struct logger's options, the timeout. */
export function traceConfigArg(value: unknown, index: number): { tracer: Tracer; options: TraceOptions } {
  if (value !== undefined && value !== null && (typeof value !== 'object' || Array.isArray(value)))
    throw invalidParams(`invalid argument ${index}: json: cannot unmarshal into a trace config`);
  const o = (value ?? {}) as Record<string, unknown>;
  const name = o.tracer;
  if (name !== undefined && name !== null && typeof name !== 'string')
    throw invalidParams(
      `invalid argument ${index}: json: cannot unmarshal ${typeof name} into Go struct field TraceConfig.tracer of type string`,
    );
  if (typeof name === 'string' && !RUN.includes(name)) {
    if (NOT_RUN.includes(name))
      throw serverError(
        `explorer-mock does not run the ${name}: it runs the callTracer, the 4byteTracer, the noopTracer and the struct logger (no tracer named)`,
      );
    throw serverError('tracer not found');
  }
  const tracerConfig = (o.tracerConfig ?? {}) as Record<string, unknown>;
  if (typeof tracerConfig !== 'object' || Array.isArray(tracerConfig))
    throw serverError('json: cannot unmarshal the tracerConfig into a callTracer config');
  const limit = o.limit === undefined || o.limit === null ? 0 : Number(o.limit);
  if (!Number.isInteger(limit) || limit < 0) throw invalidParams(`invalid argument ${index}: limit must be an integer`);
  if (o.timeout !== undefined && o.timeout !== null && typeof o.timeout !== 'string')
    throw invalidParams(`invalid argument ${index}: timeout must be a duration string`);
  const timeoutMs =
    typeof o.timeout === 'string' ? Math.min(durationMs(o.timeout), MAX_TIMEOUT_MS) : DEFAULT_TIMEOUT_MS;
  const tracer = (typeof name === 'string' ? name : null) as Tracer;
  const options: TraceOptions = {
    structLogs: {
      disableStack: boolField(o, 'disableStack', index),
      disableStorage: boolField(o, 'disableStorage', index),
      enableMemory: boolField(o, 'enableMemory', index),
      enableReturnData: boolField(o, 'enableReturnData', index),
      limit,
    },
    onlyTopCall: tracer === 'callTracer' && tracerConfig.onlyTopCall === true,
    withLog: tracer === 'callTracer' && tracerConfig.withLog === true,
    timeoutMs,
  };
  return { tracer, options: collects(tracer, options) };
}

/** What the executor refuses (a trace past its bounds) as the node's -32000 error. */
function refused<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof ExecutionRefused) throw serverError(error.message);
    throw error;
  }
}

/** The trace's JSON once it has settled (an EVM run settles later: the transport asks again). */
function settledJson(
  ctx: RpcContext,
  key: string,
  tracer: Tracer,
  run: () => TransactionTrace | Promise<TransactionTrace>,
): string {
  return refused(() =>
    settled(ctx.json, key, () => {
      const trace = run();
      return trace instanceof Promise ? trace.then((t) => traceJson(t, tracer)) : traceJson(trace, tracer);
    }),
  );
}

const configKey = (tracer: Tracer, options: TraceOptions) => JSON.stringify([tracer, options]);

/** The JSON of transaction `at`'s trace, as the tracer asked writes it. */
function transactionTraceJson(
  ctx: RpcContext,
  executor: Executor,
  at: number,
  config: ReturnType<typeof traceConfigArg>,
): string {
  if (config.tracer === 'noopTracer') return '{}';
  return settledJson(ctx, `trace:${at}:${configKey(config.tracer, config.options)}`, config.tracer, () =>
    executor.trace(ctx, at, config.options),
  );
}

/** Every transaction of a block traced: `[{txHash, result}]`, or `{txHash, error}` for one whose trace failed. */
function blockTraceJson(ctx: RpcContext, executor: Executor, block: Block, config: ReturnType<typeof traceConfigArg>) {
  if (block.height === 0) throw serverError('genesis is not traceable');
  const parts: string[] = [];
  let size = 0;
  for (let k = 0; k < block.transactionCount; k++) {
    const at = block.transactionStart + k;
    const txHash = ctx.chain.transactions.at(at)!.hash;
    let part: string;
    try {
      part = `{"txHash":"${txHash}","result":${transactionTraceJson(ctx, executor, at, config)}}`;
    } catch (error) {
      if (error instanceof ModuleNotLoaded || !(error instanceof RpcError)) throw error;
      part = JSON.stringify({ txHash, error: error.message });
    }
    size += part.length;
    if (size > MAX_RESPONSE_BYTES)
      throw serverError(
        `trace too large: the block's traces pass ${MAX_RESPONSE_BYTES} bytes (trace its transactions one by one, or use the callTracer)`,
      );
    parts.push(part);
  }
  return new RawJson(`[${parts.join(',')}]`);
}

export const debugMethods: Record<string, RpcMethod> = {
  debug_traceTransaction(ctx, params, node) {
    arity(params, 1, 2);
    const hash = hashArg(params[0], 0);
    const config = traceConfigArg(params[1], 1);
    const at = ctx.chain.transactionByHash.get(hash);
    if (at === undefined) throw serverError('transaction not found');
    if (ctx.chain.transactions.at(at)!.block === 0) throw serverError('genesis is not traceable');
    return new RawJson(transactionTraceJson(ctx, node.executor, at, config));
  },
  debug_traceCall(ctx, params, node) {
    arity(params, 2, 3);
    const request = callArg(params[0], 0);
    const ref = blockArg(ctx, params[1], 1);
    if ('pending' in ref) throw serverError('tracing on top of pending is not supported');
    const height = minedHeight(ctx, ref);
    const config = traceConfigArg(params[2], 2);
    const raw = (params[2] ?? {}) as Record<string, unknown>;
    // Overrides would change the state the call runs on: refused rather than ignored.
    for (const field of ['stateOverrides', 'blockOverrides', 'txIndex'])
      if (raw[field] !== undefined && raw[field] !== null)
        throw serverError(`explorer-mock does not apply ${field} in debug_traceCall`);
    if (config.tracer === 'noopTracer') return new RawJson('{}');
    const key = `trace-call:${height}:${request.to}:${request.from}:${request.value}:${request.data.toLowerCase()}:${configKey(config.tracer, config.options)}`;
    return new RawJson(
      settledJson(ctx, key, config.tracer, () => node.executor.traceCall(ctx, request, height, config.options)),
    );
  },
  debug_traceBlockByNumber(ctx, params, node) {
    arity(params, 1, 2);
    const ref = blockArg(ctx, params[0], 0);
    if ('pending' in ref) throw serverError('tracing on top of pending is not supported');
    const block = ctx.chain.blocks.at(ref.height);
    if (!block) throw serverError(`block #${ref.height} not found`);
    return blockTraceJson(ctx, node.executor, block, traceConfigArg(params[1], 1));
  },
  debug_traceBlockByHash(ctx, params, node) {
    arity(params, 1, 2);
    const hash = hashArg(params[0], 0);
    const block = ctx.chain.blockByHash.get(hash);
    if (!block || block.type !== 'block') throw serverError(`block ${hash} not found`);
    return blockTraceJson(ctx, node.executor, block, traceConfigArg(params[1], 1));
  },
};
