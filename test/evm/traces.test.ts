import * as ContractAddress from 'ox/ContractAddress';
import { describe, expect, it } from 'vitest';
import { findScenario } from '../../scenarios/index.js';
import { testKey } from '../../src/chain/testKeys.js';
import { withModules } from '../../src/lazy/lazyModule.js';
import { viewContextOf } from '../../src/views/context.js';
import { rawTraceJson } from '../../src/views/transactionTrace.js';
import { expectValid, responseSchemaFor } from '../support/expectValid.js';
import { artifact, evmChain } from './harness.js';

const KEY = testKey(0).privateKey;
const ME = testKey(0).address.toLowerCase();
const counter = artifact('Counter');
const spender = artifact('Spender');

type Json = Record<string, unknown>;
interface CallFrame {
  type: string;
  from: string;
  to?: string;
  value?: string;
  gas: string;
  gasUsed: string;
  input: string;
  output?: string;
  error?: string;
  revertReason?: string;
  calls?: CallFrame[];
  logs?: { address: string; topics: string[]; data: string; position: string }[];
}
interface StructLogs {
  gas: number;
  failed: boolean;
  returnValue: string;
  structLogs: {
    pc: number;
    op: string;
    gas: number;
    gasCost: number;
    depth: number;
    stack?: string[];
    memory?: string[];
    storage?: Record<string, string>;
    error?: string;
  }[];
}

/** A chain with the test contracts deployed, and the node asked in process (its EVM runs awaited). */
async function setUp() {
  const t = evmChain({ scenario: 'tiny', seed: 1 });
  const deployedCounter = await t.deploy(KEY, counter);
  const deployedSpender = await t.deploy(KEY, spender);
  let id = 0;
  const rpc = async (method: string, params: unknown[]) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params });
    const text = await withModules(() => t.live.node().answer(body));
    return JSON.parse(text!) as { result?: unknown; error?: { code: number; message: string } };
  };
  const rawTrace = (hash: string) =>
    withModules(() => {
      const chain = t.live.current.chain;
      return JSON.parse(rawTraceJson(viewContextOf(chain, 'blockscout'), chain.transactionByHash.get(hash)!)) as Json[];
    });
  return { t, counter: deployedCounter, spender: deployedSpender, rpc, rawTrace };
}

/** The callTracer tree flattened as Parity's traces: what the raw trace must be. */
function flatten(frame: CallFrame, hash: string, path: number[] = []): Json[] {
  const creates = frame.type === 'CREATE' || frame.type === 'CREATE2';
  const own: Json = {
    action: creates
      ? { from: frame.from, gas: frame.gas, init: frame.input, value: frame.value ?? '0x0' }
      : {
          callType: frame.type === 'SELFDESTRUCT' ? 'call' : frame.type.toLowerCase(),
          from: frame.from,
          to: frame.to,
          gas: frame.gas,
          input: frame.input,
          value: frame.value ?? '0x0',
        },
    ...(frame.error
      ? { error: path.length === 0 && frame.error === 'execution reverted' ? 'Reverted' : frame.error }
      : {
          result: creates
            ? { address: frame.to, code: frame.output ?? '0x', gasUsed: frame.gasUsed }
            : { gasUsed: frame.gasUsed, output: frame.output ?? '0x' },
        }),
    subtraces: frame.calls?.length ?? 0,
    traceAddress: path,
    transactionHash: hash,
    type: creates || frame.type === 'SELFDESTRUCT' ? frame.type.toLowerCase() : 'call',
  };
  return [own, ...(frame.calls ?? []).flatMap((c, k) => flatten(c, hash, [...path, k]))];
}

const DEV = `0x${'a1'.repeat(32)}` as const;
const devScenario = {
  ...findScenario('tiny')!,
  name: 'evm-dev',
  entities: {
    accounts: [{ name: 'dev', privateKey: DEV, balance: '100 ETH' }],
    tokens: [{ name: 'Test USD', symbol: 'TUSD', type: 'ERC-20', decimals: 6, holders: { dev: '1000' } }],
  },
};

describe('debug_traceTransaction, debug_traceCall and the raw trace of transactions the EVM ran', () => {
  it('callTracer: a creation, a call with an internal call, a revert with its reason; the raw trace is the tree flattened', async () => {
    const { t, counter: c, spender: s, rpc, rawTrace } = await setUp();
    const callTracer = { tracer: 'callTracer' };

    const creation = (await rpc('debug_traceTransaction', [c.hash, callTracer])).result as CallFrame;
    expect(creation).toMatchObject({
      type: 'CREATE',
      from: ME,
      to: c.address,
      value: '0x0',
      input: counter.bytecode,
      output: counter.deployedBytecode,
      gas: `0x${c.transaction.gasLimit.toString(16)}`,
      gasUsed: `0x${c.transaction.gasUsed.toString(16)}`,
    });
    expect(creation.error).toBeUndefined();

    const paid = await t.send(KEY, { to: s.address!, data: t.calldata(spender, 'payOut'), value: 10n ** 18n });
    const payOut = (await rpc('debug_traceTransaction', [paid.hash, callTracer])).result as CallFrame;
    // The top call's gas used is the receipt's: the re-run at the transaction's position agrees with the chain.
    expect(payOut).toMatchObject({
      type: 'CALL',
      from: ME,
      to: s.address,
      value: '0xde0b6b3a7640000',
      gasUsed: `0x${paid.transaction.gasUsed.toString(16)}`,
    });
    expect(payOut.calls).toHaveLength(1);
    expect(payOut.calls![0]).toMatchObject({
      type: 'CALL',
      from: s.address,
      to: ME,
      value: '0x6f05b59d3b20000',
      input: '0x',
    });
    expect(BigInt(payOut.calls![0]!.gas)).toBeGreaterThanOrEqual(2_300n);
    expect(await rawTrace(paid.hash)).toEqual(flatten(payOut, paid.hash));
    expect(await rawTrace(c.hash)).toEqual(flatten(creation, c.hash));

    const failed = await t.send(KEY, { to: c.address!, data: t.calldata(counter, 'fail') });
    const fail = (await rpc('debug_traceTransaction', [failed.hash, callTracer])).result as CallFrame;
    expect(fail).toMatchObject({ type: 'CALL', error: 'execution reverted', revertReason: 'nope' });
    expect(fail.output!.slice(0, 10)).toBe('0x08c379a0');
    expect(fail.gasUsed).toBe(`0x${failed.transaction.gasUsed.toString(16)}`);
    const raw = await rawTrace(failed.hash);
    expect(raw).toEqual(flatten(fail, failed.hash));
    expect(raw[0]).toMatchObject({ error: 'Reverted' });
    // Blockscout's shape of a raw trace holds for executed transactions too.
    const schema = responseSchemaFor(`/api/v2/transactions/${failed.hash}/raw-trace`, 200, 'blockscout');
    for (const hash of [c.hash, paid.hash, failed.hash]) expectValid(schema, await rawTrace(hash), hash);

    // onlyTopCall drops the calls; withLog gives each call its logs.
    const top = (
      await rpc('debug_traceTransaction', [paid.hash, { ...callTracer, tracerConfig: { onlyTopCall: true } }])
    ).result as CallFrame;
    expect(top.calls).toBeUndefined();
    const incremented = await t.send(KEY, { to: c.address!, data: t.calldata(counter, 'increment') });
    const withLog = (
      await rpc('debug_traceTransaction', [incremented.hash, { ...callTracer, tracerConfig: { withLog: true } }])
    ).result as CallFrame;
    expect(withLog.logs).toHaveLength(1);
    expect(withLog.logs![0]).toMatchObject({ address: c.address, position: '0x0' });
    expect(withLog.logs![0]!.topics[1]).toBe(`0x${ME.slice(2).padStart(64, '0')}`);
  });

  it('the struct logger: a tiny call’s opcodes, gas, depth and stack; its options; a revert', async () => {
    const { t, counter: c, rpc } = await setUp();
    const sent = await t.send(KEY, { to: c.address!, data: t.calldata(counter, 'increment') });
    const trace = (await rpc('debug_traceTransaction', [sent.hash])).result as StructLogs;
    expect(trace).toMatchObject({ gas: sent.transaction.gasUsed, failed: false, returnValue: '' });
    const logs = trace.structLogs;
    // solc's preamble: the free memory pointer.
    expect(logs.slice(0, 3).map((l) => l.op)).toEqual(['PUSH1', 'PUSH1', 'MSTORE']);
    expect(logs[0]).toMatchObject({ pc: 0, gasCost: 3, depth: 1, stack: [] });
    expect(logs[1]!.stack).toEqual(['0x80']);
    expect(logs[2]!.stack).toEqual(['0x80', '0x40']);
    // Each step's gas is the one before less its cost (no call in between).
    for (let i = 1; i < logs.length; i++) expect(logs[i]!.gas).toBe(logs[i - 1]!.gas - logs[i - 1]!.gasCost);
    expect(logs[0]!.gas).toBe(sent.transaction.gasLimit - 21_000 - 16 * 4);
    expect(logs.at(-1)!.op).toBe('STOP');
    expect(logs.every((l) => l.depth === 1)).toBe(true);
    const sstore = logs.find((l) => l.op === 'SSTORE')!;
    expect(sstore.storage).toEqual({ ['0'.repeat(64)]: `${'0'.repeat(63)}1` });
    expect(logs.find((l) => l.op === 'SLOAD')!.storage).toEqual({ ['0'.repeat(64)]: '0'.repeat(64) });
    expect(logs.find((l) => l.op === 'LOG2')).toBeDefined();

    const bare = (
      await rpc('debug_traceTransaction', [sent.hash, { disableStack: true, disableStorage: true, enableMemory: true }])
    ).result as StructLogs;
    expect(bare.structLogs).toHaveLength(logs.length);
    expect(bare.structLogs.every((l) => l.stack === undefined && l.storage === undefined)).toBe(true);
    expect(bare.structLogs[3]!.memory).toEqual(['0'.repeat(64), '0'.repeat(64), `${'0'.repeat(62)}80`]);
    const limited = (await rpc('debug_traceTransaction', [sent.hash, { limit: 5 }])).result as StructLogs;
    expect(limited.structLogs).toHaveLength(5);

    const failed = await t.send(KEY, { to: c.address!, data: t.calldata(counter, 'fail') });
    const revert = (await rpc('debug_traceTransaction', [failed.hash])).result as StructLogs;
    expect(revert).toMatchObject({ failed: true, gas: failed.transaction.gasUsed });
    expect(revert.returnValue.slice(0, 8)).toBe('08c379a0');
    expect(revert.structLogs.at(-1)!.op).toBe('REVERT');

    const outOfGas = await t.send(KEY, { to: c.address!, data: t.calldata(counter, 'burn', [200n]), gas: 100_000 });
    const oog = (await rpc('debug_traceTransaction', [outOfGas.hash])).result as StructLogs;
    expect(oog).toMatchObject({ failed: true, gas: 100_000, returnValue: '' });
    expect(oog.structLogs.at(-1)!.error).toBe('out of gas');
    const oogCall = (await rpc('debug_traceTransaction', [outOfGas.hash, { tracer: 'callTracer' }]))
      .result as CallFrame;
    expect(oogCall).toMatchObject({ error: 'out of gas', gasUsed: '0x186a0' });
    expect(oogCall.output).toBeUndefined();
  });

  it('a call’s struct log counts the gas it forwards (without the stipend)', async () => {
    const { t, spender: s, rpc } = await setUp();
    const paid = await t.send(KEY, { to: s.address!, data: t.calldata(spender, 'payOut'), value: 10n ** 18n });
    const trace = (await rpc('debug_traceTransaction', [paid.hash])).result as StructLogs;
    const at = trace.structLogs.findIndex((l) => l.op === 'CALL');
    const call = trace.structLogs[at]!;
    const callTree = (await rpc('debug_traceTransaction', [paid.hash, { tracer: 'callTracer' }])).result as CallFrame;
    const forwarded = BigInt(callTree.calls![0]!.gas) - 2_300n;
    // The call to an account without code runs no step: the next step is back at depth 1.
    expect(trace.structLogs[at + 1]!.depth).toBe(1);
    expect(BigInt(call.gasCost)).toBeGreaterThan(forwarded);
    expect(BigInt(call.gasCost) - forwarded).toBeLessThan(40_000n);
  });

  it('debug_traceCall at a block, debug_traceBlockByNumber, and geth’s errors', async () => {
    const { t, counter: c, rpc } = await setUp();
    const before = t.live.current.chain.headHeight;
    await t.send(KEY, { to: c.address!, data: t.calldata(counter, 'increment') });
    const call = { from: ME, to: c.address, data: t.calldata(counter, 'count') };
    const atHead = (await rpc('debug_traceCall', [call, 'latest', { tracer: 'callTracer' }])).result as CallFrame;
    expect(atHead).toMatchObject({ type: 'CALL', from: ME, to: c.address, gas: '0x2faf080' });
    expect(BigInt(atHead.output!)).toBe(1n);
    const earlier = (await rpc('debug_traceCall', [call, `0x${before.toString(16)}`, { tracer: 'callTracer' }]))
      .result as CallFrame;
    expect(BigInt(earlier.output!)).toBe(0n);
    const steps = (await rpc('debug_traceCall', [call, 'latest'])).result as StructLogs;
    expect(steps.failed).toBe(false);
    expect(BigInt(`0x${steps.returnValue}`)).toBe(1n);
    expect(steps.structLogs.length).toBeGreaterThan(10);

    const head = t.live.current.chain;
    const block = head.blocks.at(head.headHeight)!;
    const traces = (await rpc('debug_traceBlockByNumber', ['latest', { tracer: 'callTracer' }])).result as {
      txHash: string;
      result: CallFrame;
    }[];
    expect(traces).toHaveLength(block.transactionCount);
    const last = head.transactions.at(block.transactionStart + block.transactionCount - 1)!;
    expect(traces.at(-1)).toMatchObject({ txHash: last.hash, result: { type: 'CALL', to: c.address } });
    const byHash = await rpc('debug_traceBlockByHash', [block.hash, { tracer: 'callTracer' }]);
    expect(byHash.result).toEqual(traces);

    expect((await rpc('debug_traceTransaction', [`0x${'ab'.repeat(32)}`])).error).toEqual({
      code: -32000,
      message: 'transaction not found',
    });
    expect((await rpc('debug_traceTransaction', [last.hash, { tracer: 'nopeTracer' }])).error).toEqual({
      code: -32000,
      message: 'tracer not found',
    });
    expect((await rpc('debug_traceCall', [call, 'pending'])).error?.message).toBe(
      'tracing on top of pending is not supported',
    );
    expect((await rpc('debug_traceTransaction', [last.hash, { timeout: 'soon' }])).error?.message).toBe(
      'time: invalid duration "soon"',
    );
  });

  it('a trace of an endless loop is bounded: a cap on struct logs, a timeout, and the node answers meanwhile', async () => {
    const { t, rpc } = await setUp();
    // Runtime code JUMPDEST PUSH1 0 JUMP: a loop until the gas cap (about four million steps).
    const loop = await t.send(KEY, { to: null, data: '0x635b6000566000526004601cf3' });
    const to = loop.chain.accounts[loop.transaction.createdId]!.lower;
    const call = { from: ME, to, data: '0x' };
    const capped = await rpc('debug_traceCall', [call, 'latest']);
    expect(capped.error?.code).toBe(-32000);
    expect(capped.error?.message).toMatch(/^trace too large: more than 100000 struct logs/);
    let traced = false;
    const timedOut = rpc('debug_traceCall', [call, 'latest', { tracer: 'callTracer', timeout: '300ms' }]).then((r) => {
      traced = true;
      return r;
    });
    const blockNumber = await rpc('eth_blockNumber', []);
    expect(blockNumber.result).toBe(`0x${t.live.current.chain.headHeight.toString(16)}`);
    expect(traced).toBe(false);
    expect((await timedOut).error).toEqual({ code: -32000, message: 'execution timeout' });
  });

  it('a contract calling a generated token: its calls are the token’s, the bridge behind it is not shown, gas is the receipt’s', async () => {
    const t = evmChain({ scenario: devScenario as never, seed: 1 });
    const { address } = await t.deploy(DEV, spender);
    const tusd = t.chain.handles.TUSD!.toLowerCase();
    const dev = t.chain.handles.dev!.toLowerCase();
    await t.send(DEV, { to: tusd, data: t.calldata(artifact('Token'), 'approve', [address, 300_000_000n]) });
    const pulled = await t.send(DEV, { to: address!, data: t.calldata(spender, 'pull', [tusd, dev, 100_000_000n]) });
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'debug_traceTransaction',
      params: [pulled.hash, { tracer: 'callTracer', tracerConfig: { withLog: true } }],
    });
    const tree = (JSON.parse((await withModules(() => t.live.node().answer(body)))!) as { result: CallFrame }).result;
    expect(tree).toMatchObject({ type: 'CALL', to: address, gasUsed: `0x${pulled.transaction.gasUsed.toString(16)}` });
    expect(tree.calls!.map((c) => [c.type, c.to])).toEqual([
      ['CALL', tusd],
      ['STATICCALL', tusd],
    ]);
    expect(tree.calls![0]!.calls).toBeUndefined();
    expect(tree.calls![1]!.value).toBeUndefined();
    expect(BigInt(tree.calls![1]!.output!)).toBe(100_000_000n);
    // The Pulled event, after both calls; the token's Transfer log, by the token's own call.
    expect(tree.logs?.[0]).toMatchObject({ address, position: '0x2' });
    expect(tree.calls![0]!.logs?.[0]).toMatchObject({ address: tusd, position: '0x0' });
  });

  it('a transaction is traced at its position: after its block’s earlier transactions (a creation, two increments)', async () => {
    const t = evmChain({ scenario: 'tiny', seed: 1 }, { automine: false });
    const create = await t.send(KEY, { to: null, data: counter.bytecode });
    const nonce = t.live.nextNonce(ME) - 1;
    const address = ContractAddress.from({ from: ME as `0x${string}`, nonce: BigInt(nonce) }).toLowerCase();
    const first = await t.send(KEY, { to: address, data: t.calldata(counter, 'increment') });
    const second = await t.send(KEY, { to: address, data: t.calldata(counter, 'increment') });
    const chain = t.live.mine(1);
    const at = (hash: string) => chain.transactionByHash.get(hash)!;
    expect(chain.transactions.at(at(second.hash))!.block).toBe(chain.transactions.at(at(create.hash))!.block);
    let id = 0;
    const trace = async (hash: string) => {
      const body = JSON.stringify({ jsonrpc: '2.0', id: ++id, method: 'debug_traceTransaction', params: [hash] });
      return (JSON.parse((await withModules(() => t.live.node().answer(body)))!) as { result: StructLogs }).result;
    };
    const sload = (logs: StructLogs) => logs.structLogs.find((l) => l.op === 'SLOAD')!.storage;
    // The second increment reads what the first wrote in the same block, and pays a warm rewrite's gas.
    expect(sload(await trace(first.hash))).toEqual({ ['0'.repeat(64)]: '0'.repeat(64) });
    expect(sload(await trace(second.hash))).toEqual({ ['0'.repeat(64)]: `${'0'.repeat(63)}1` });
    for (const sent of [first, second])
      expect((await trace(sent.hash)).gas).toBe(chain.transactions.at(at(sent.hash))!.gasUsed);
  });

  it('a self-destruct is a call of the tree: from the contract to the beneficiary, its balance, no gas', async () => {
    const { t, rpc, rawTrace } = await setUp();
    const bob = testKey(1).address.toLowerCase();
    // Runtime code PUSH20 bob SELFDESTRUCT, returned by the creation code.
    const runtime = `73${bob.slice(2)}ff`;
    const created = await t.send(KEY, { to: null, data: `0x75${runtime}6000526016600af3` as `0x${string}` });
    const to = created.chain.accounts[created.transaction.createdId]!.lower;
    expect(created.chain.accounts[created.transaction.createdId]!.contract?.custom?.deployedBytecode).toBe(
      `0x${runtime}`,
    );
    const sent = await t.send(KEY, { to, value: 10n ** 18n });
    const tree = (await rpc('debug_traceTransaction', [sent.hash, { tracer: 'callTracer' }])).result as CallFrame;
    expect(tree.calls).toEqual([
      { from: to, gas: '0x0', gasUsed: '0x0', to: bob, input: '0x', value: '0xde0b6b3a7640000', type: 'SELFDESTRUCT' },
    ]);
    const raw = await rawTrace(sent.hash);
    expect(raw).toEqual(flatten(tree, sent.hash));
    expect(raw[1]).toMatchObject({ type: 'selfdestruct', traceAddress: [0] });
  });
});
