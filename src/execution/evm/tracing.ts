import type { EVMResult, InterpreterStep } from '@ethereumjs/evm';
import { bytesToHex } from '@ethereumjs/util';
import {
  REVERTED,
  type StructLog,
  type TraceFrame,
  type TraceLog,
  type TransactionTrace,
  unpackRevert,
} from '../../domain/callTrace.js';
import type { Hex } from '../../chain/types.js';
import { ExecutionRefused } from '../../protocol/errors.js';
import type { TraceOptions } from '../executor.js';
import type { Frame, Run, StepHooks } from './evmRunner.js';
import { BRIDGE_ADDRESS } from './stub.js';

/** Most struct logs one trace collects: past it the trace is refused (geth bounds a trace by its timeout alone). */
export const MAX_STRUCT_LOGS = 100_000;
/** Most bytes of struct logs (stacks, memory, storage) one trace collects. */
export const MAX_STRUCT_LOG_BYTES = 16 * 1024 * 1024;
/** Steps between two yields to the event loop: other clients are answered while a trace runs. */
const YIELD_EVERY = 2_048;

/** geth's words for the EVM's errors (`core/vm/errors.go`), by ethereumjs's. */
const GETH_ERRORS: Readonly<Record<string, string>> = {
  revert: REVERTED,
  'out of gas': 'out of gas',
  'code store out of gas': 'contract creation code storage out of gas',
  'code size to deposit exceeds maximum code size': 'max code size exceeded',
  'stack underflow': 'stack underflow',
  'stack overflow': 'stack limit reached 1024 (1023)',
  'invalid JUMP': 'invalid jump destination',
  'static state change': 'write protection',
  'create collision': 'contract address collision',
  'insufficient balance': 'insufficient balance for transfer',
  'invalid bytecode deployed': 'invalid code: must not begin with 0xef',
  'initcode exceeds max initcode size': 'max initcode size exceeded',
  'value out of range': 'return data out of bounds',
  'value overflow': 'gas uint64 overflow',
};

/** An opcode's name as geth prints it (`opcode 0xc not defined` for one no fork defines). */
const opName = (name: string, code: number) =>
  name === 'INVALID' && code !== 0xfe ? `opcode 0x${code.toString(16)} not defined` : name;

/** A frame's error in geth's words. */
export function gethError(frame: Frame): string | null {
  if (!frame.error) return null;
  if (frame.error === 'invalid opcode')
    return `invalid opcode: ${frame.lastOp === undefined || frame.lastOp === 0xfe ? 'INVALID' : opName('INVALID', frame.lastOp)}`;
  return GETH_ERRORS[frame.error] ?? frame.error;
}

/** How many calls a frame made that a trace shows (the bridge's are not). */
const shownCalls = (frame: Frame) => frame.calls.filter((c) => c.to !== BRIDGE_ADDRESS).length;

const word = (n: bigint) => n.toString(16).padStart(64, '0');

/** What a trace collects while the EVM runs: steps (for the struct logger), logs per frame, the clock. */
export class Tracer implements StepHooks {
  readonly structLogs: StructLog[] = [];
  readonly logs = new Map<Frame, TraceLog[]>();
  private steps = 0;
  private bytes = 0;
  private readonly deadline: number;
  /** The storage each contract read or wrote so far, as the struct logger shows it. */
  private readonly storage = new Map<string, Record<string, string>>();
  /** The last step's log, to add a call's gas to its cost (geth counts the gas a call forwards). */
  private last: { log: StructLog & { gasCost: bigint }; op: number } | null = null;
  /** Each frame's last step, to mark it with the frame's error. */
  private readonly lastOfFrame = new WeakMap<Frame, { error?: string }>();
  /** The return data each depth's steps see: the output of the last call it made. */
  private readonly returnData: Hex[] = [];

  constructor(private readonly options: TraceOptions) {
    this.deadline = Date.now() + options.timeoutMs;
  }

  step(step: InterpreterStep, frame: Frame): void | Promise<void> {
    this.steps++;
    if (this.steps % 256 === 0 && Date.now() > this.deadline) throw new ExecutionRefused('execution timeout');
    const code = step.opcode.code;
    const waits: Promise<unknown>[] = [];
    if (this.options.withLog && code >= 0xa0 && code <= 0xa4) this.recordLog(step, frame);
    const struct = this.options.structLogs;
    if (struct && (struct.limit === 0 || this.structLogs.length < struct.limit)) {
      if (this.structLogs.length >= MAX_STRUCT_LOGS)
        throw new ExecutionRefused(
          `trace too large: more than ${MAX_STRUCT_LOGS} struct logs (explorer-mock's cap; pass "limit", disable the stack, or use the callTracer)`,
        );
      const log: { -readonly [K in keyof StructLog]: StructLog[K] } = {
        pc: step.pc,
        op: opName(step.opcode.name, code),
        gas: step.gasLeft,
        gasCost: step.opcode.dynamicFee ?? BigInt(step.opcode.fee),
        depth: step.depth + 1,
        refund: step.gasRefund,
      };
      if (!struct.disableStack) {
        log.stack = [...step.stack];
        this.bytes += step.stack.length * 24;
      }
      if (struct.enableMemory) {
        const memory: string[] = [];
        for (let i = 0; i < step.memory.length; i += 32)
          memory.push(Buffer.from(step.memory.subarray(i, i + 32)).toString('hex'));
        log.memory = memory;
        this.bytes += step.memory.length * 2;
      }
      const returned = this.returnData[step.depth];
      if (struct.enableReturnData && returned && returned !== '0x') log.returnData = returned;
      this.bytes += 64;
      if (this.bytes > MAX_STRUCT_LOG_BYTES)
        throw new ExecutionRefused(
          `trace too large: its struct logs pass ${MAX_STRUCT_LOG_BYTES / 1024 / 1024} MB (explorer-mock's cap; pass "limit", disable the stack, or leave memory out)`,
        );
      this.structLogs.push(log);
      this.lastOfFrame.set(frame, log);
      this.last = { log: log as StructLog & { gasCost: bigint }, op: code };
      if (!struct.disableStorage && (code === 0x54 || code === 0x55) && step.stack.length >= (code === 0x54 ? 1 : 2))
        waits.push(this.recordStorage(step, log));
    } else this.last = null;
    if (code === 0xff && step.stack.length >= 1) waits.push(this.recordSelfdestruct(step, frame));
    if (this.steps % YIELD_EVERY === 0) waits.push(new Promise((resolve) => setImmediate(resolve)));
    if (waits.length) return Promise.all(waits).then(() => undefined);
  }

  enter(frame: Frame): void {
    this.returnData[frame.depth] = '0x';
    const last = this.last;
    this.last = null;
    // geth's cost of a call counts the gas it forwards (without a value call's stipend).
    if (!last || frame.depth === 0 || ![0xf1, 0xf2, 0xf4, 0xfa].includes(last.op)) return;
    const stipend = (last.op === 0xf1 || last.op === 0xf2) && frame.value > 0n ? 2_300n : 0n;
    last.log.gasCost += frame.gas - stipend;
  }

  exit(frame: Frame, result: EVMResult, parent: Frame | undefined): void {
    // A modelled contract's logs come from the bridge it calls: they are the contract's own.
    if (this.options.withLog && parent && frame.to === BRIDGE_ADDRESS && !frame.error)
      for (const [, topics, data] of result.execResult.logs ?? [])
        this.logsOf(parent).push({
          address: parent.to!,
          topics: topics.map((t) => bytesToHex(t) as Hex),
          data: bytesToHex(data) as Hex,
          position: shownCalls(parent),
        });
    if (frame.depth > 0) this.returnData[frame.depth - 1] = frame.output;
    // geth marks the step that failed with the error (a revert is the opcode's own doing: unmarked).
    const error = gethError(frame);
    const last = this.lastOfFrame.get(frame);
    if (last && error && error !== REVERTED && last.error === undefined) last.error = error;
  }

  private recordLog(step: InterpreterStep, frame: Frame): void {
    const stack = step.stack;
    const n = step.opcode.code - 0xa0;
    if (stack.length < 2 + n) return;
    const offset = Number(stack[stack.length - 1]!);
    const size = Number(stack[stack.length - 2]!);
    const topics: Hex[] = [];
    for (let i = 0; i < n; i++) topics.push(`0x${word(stack[stack.length - 3 - i]!)}`);
    const data = Buffer.alloc(size);
    data.set(step.memory.subarray(offset, offset + size));
    this.logsOf(frame).push({
      address: step.address.toString(),
      topics,
      data: `0x${data.toString('hex')}`,
      position: shownCalls(frame),
    });
  }

  private logsOf(frame: Frame): TraceLog[] {
    let logs = this.logs.get(frame);
    if (!logs) this.logs.set(frame, (logs = []));
    return logs;
  }

  /** A self-destruct as geth's tracers see it: a call from the contract to the beneficiary moving its balance, with no gas. */
  private async recordSelfdestruct(step: InterpreterStep, frame: Frame): Promise<void> {
    const beneficiary = `0x${word(step.stack[step.stack.length - 1]!).slice(24)}`;
    const balance = (await step.stateManager.getAccount(step.address))?.balance ?? 0n;
    frame.calls.push({
      type: 'selfdestruct',
      from: step.address.toString(),
      to: beneficiary,
      value: balance,
      gas: 0n,
      input: '0x',
      depth: frame.depth + 1,
      gasUsed: 0n,
      output: '0x',
      calls: [],
    });
  }

  private async recordStorage(step: InterpreterStep, log: { storage?: Record<string, string> }): Promise<void> {
    const address = step.address.toString();
    const stack = step.stack;
    const key = word(stack[stack.length - 1]!);
    let value: string;
    if (step.opcode.code === 0x55) value = word(stack[stack.length - 2]!);
    else {
      const bytes = await step.stateManager.getStorage(step.address, Buffer.from(key, 'hex'));
      value = Buffer.from(bytes).toString('hex').padStart(64, '0');
    }
    let seen = this.storage.get(address);
    if (!seen) this.storage.set(address, (seen = {}));
    seen[key] = value;
    log.storage = { ...seen };
    this.bytes += Object.keys(seen).length * 130;
  }
}

/** A frame of the EVM's call tree as the trace's (the bridge's calls, an implementation detail of modelled contracts, left out). */
function traceFrame(frame: Frame, tracer: Tracer | null, onlyTop: boolean): TraceFrame {
  const error = gethError(frame);
  const creates = frame.type === 'create' || frame.type === 'create2';
  const output = error && error !== REVERTED ? '0x' : frame.output;
  return {
    type: frame.type,
    from: frame.from,
    to: creates && error ? null : frame.to,
    value: frame.type === 'staticcall' ? null : frame.value,
    gas: frame.gas,
    gasUsed: frame.gasUsed,
    input: frame.input,
    output,
    error,
    revertReason: error === REVERTED ? unpackRevert(frame.output) : null,
    logs: tracer?.logs.get(frame) ?? [],
    calls: onlyTop
      ? []
      : frame.calls.filter((c) => c.to !== BRIDGE_ADDRESS).map((call) => traceFrame(call, tracer, false)),
  };
}

/**
 * The trace of a run: the call tree (the top call with the transaction's gas limit and gas used),
 * the struct logs the tracer collected, the top call's return value. A failed step is marked with
 * its frame's error, as geth's struct logger marks the step that failed.
 */
export function traceOfRun(
  run: Run,
  tracer: Tracer,
  top: { readonly gasLimit: bigint; readonly gasUsed: bigint; readonly onlyTopCall: boolean },
): TransactionTrace {
  const root = traceFrame(run.root, tracer, top.onlyTopCall);
  const failed = root.error !== null;
  // A failed call's logs are not emitted (geth clears them under a failed frame).
  const clear = (frame: TraceFrame, parentFailed: boolean): TraceFrame => {
    const gone = parentFailed || frame.error !== null;
    return { ...frame, logs: gone ? [] : frame.logs, calls: frame.calls.map((c) => clear(c, gone)) };
  };
  const structLogs = tracer.structLogs;
  return {
    executed: true,
    root: { ...clear(root, false), gas: top.gasLimit, gasUsed: top.gasUsed },
    gasUsed: top.gasUsed,
    failed,
    returnValue: failed && root.error !== REVERTED ? '0x' : (bytesToHex(run.result.execResult.returnValue) as Hex),
    structLogs,
  };
}
