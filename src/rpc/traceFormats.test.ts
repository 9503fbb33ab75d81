import { describe, expect, it } from 'vitest';
import type { TraceFrame, TransactionTrace } from '../domain/callTrace.js';
import { callTracerJson, fourByteJson, structLoggerJson } from './traceFormats.js';

const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';
const frame = (over: Partial<TraceFrame>): TraceFrame => ({
  type: 'call',
  from: A,
  to: B,
  value: 0n,
  gas: 100_000n,
  gasUsed: 21_000n,
  input: '0x',
  output: '0x',
  error: null,
  revertReason: null,
  logs: [],
  calls: [],
  ...over,
});

describe('the callTracer’s JSON', () => {
  it('has geth’s fields in geth’s order, and leaves out what geth leaves out', () => {
    const json = callTracerJson(
      frame({
        input: '0xa9059cbb',
        calls: [frame({ type: 'staticcall', value: null, from: B, to: A, output: '0x01' })],
      }),
    );
    expect(Object.keys(json)).toEqual(['from', 'gas', 'gasUsed', 'to', 'input', 'calls', 'value', 'type']);
    expect(json).toMatchObject({ gas: '0x186a0', gasUsed: '0x5208', value: '0x0', type: 'CALL' });
    expect((json.calls as object[])[0]).toEqual({
      from: B,
      gas: '0x186a0',
      gasUsed: '0x5208',
      to: A,
      input: '0x',
      output: '0x01',
      type: 'STATICCALL',
    });
  });

  it('a failed creation has no address; a revert keeps its output and reason', () => {
    expect(callTracerJson(frame({ type: 'create', to: null, error: 'out of gas' }))).toEqual({
      from: A,
      gas: '0x186a0',
      gasUsed: '0x5208',
      input: '0x',
      error: 'out of gas',
      value: '0x0',
      type: 'CREATE',
    });
    const reverted = callTracerJson(frame({ output: '0x08c379a0', error: 'execution reverted', revertReason: 'no' }));
    expect(reverted).toMatchObject({ output: '0x08c379a0', error: 'execution reverted', revertReason: 'no' });
  });
});

describe('the struct logger’s JSON', () => {
  it('is geth’s ExecutionResult: gas, failed, returnValue without 0x, each step’s fields', () => {
    const trace: TransactionTrace = {
      executed: true,
      root: frame({}),
      gasUsed: 21_003n,
      failed: false,
      returnValue: '0x2a',
      structLogs: [
        { pc: 0, op: 'PUSH1', gas: 79_000n, gasCost: 3n, depth: 1, refund: 0n, stack: [] },
        { pc: 2, op: 'STOP', gas: 78_997n, gasCost: 0n, depth: 1, refund: 4_800n, stack: [0x2an], memory: [] },
      ],
    };
    expect(JSON.parse(structLoggerJson(trace))).toEqual({
      gas: 21_003,
      failed: false,
      returnValue: '2a',
      structLogs: [
        { pc: 0, op: 'PUSH1', gas: 79_000, gasCost: 3, depth: 1, stack: [] },
        { pc: 2, op: 'STOP', gas: 78_997, gasCost: 0, depth: 1, stack: ['0x2a'], memory: [], refund: 4_800 },
      ],
    });
  });

  it('the 4byteTracer counts each call’s selector and data size', () => {
    const root = frame({ input: `0xa9059cbb${'00'.repeat(64)}`, calls: [frame({ input: '0x70a08231' }), frame({})] });
    expect(fourByteJson({ root } as TransactionTrace)).toEqual({ '0xa9059cbb-64': 1, '0x70a08231-0': 1 });
  });
});
