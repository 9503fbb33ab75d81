import { createCustomCommon, Hardfork, Mainnet } from '@ethereumjs/common';
import {
  createEVM,
  type EVM,
  type EVMResult,
  type ExecResult,
  type InterpreterStep,
  type Message,
} from '@ethereumjs/evm';
import { Account, Address, bytesToHex, createAddressFromString, hexToBytes } from '@ethereumjs/util';
import type { AccessList, Hex } from '../../protocol/transaction.js';
import { type BridgeSlots, bridgeAt } from './bridge.js';
import type { World } from './world.js';
import { WorldStateManager } from './worldStateManager.js';

/** One call the EVM ran (the transaction itself at depth 0), with the calls it made. */
export interface Frame {
  /** A `selfdestruct` frame is a tracer's record of the opcode (the runner records messages only). */
  readonly type: 'call' | 'delegatecall' | 'staticcall' | 'create' | 'create2' | 'selfdestruct';
  readonly from: string;
  /** The callee, or for a creation the created address once known; lower-case. */
  to: string | null;
  readonly value: bigint;
  readonly gas: bigint;
  readonly input: Hex;
  readonly depth: number;
  gasUsed: bigint;
  output: Hex;
  /** The EVM's error (`revert`, `out of gas`…), where the call failed. */
  error?: string;
  readonly calls: Frame[];
  /** The last opcode the call ran (recorded while a session traces). */
  lastOp?: number;
}

/** What a tracing session is told: each step (before it runs) and each call entered, with the frame it belongs to. */
export interface StepHooks {
  /** A step of `frame`; throwing aborts the run (the session's EVM is then discarded). May yield to the event loop. */
  step(step: InterpreterStep, frame: Frame): void | Promise<void>;
  /** A call entered, its frame just made (the step that made it was the last one `step` saw). */
  enter?(frame: Frame): void;
  /** A call returned, its frame complete (`parent` the frame that made it, none for the top call). */
  exit?(frame: Frame, result: EVMResult, parent: Frame | undefined): void;
}

/** What one message did: the EVM's result, its call tree, the state it left, the slots the bridge wrote in the session so far. */
export interface Run {
  readonly result: EVMResult;
  readonly root: Frame;
  readonly state: WorldStateManager;
  readonly bridgeSlots: BridgeSlots;
}

/** What to run: a transaction's message (or a call's). */
export interface MessageInput {
  readonly from: string;
  readonly to: string | null;
  readonly data: Hex;
  readonly value: bigint;
  /** Gas for execution (the transaction's limit less its intrinsic gas). */
  readonly gas: bigint;
  readonly gasPrice: bigint;
  readonly accessList?: AccessList;
  /** An `eth_call`: the caller need not afford the value, and its nonce does not move. */
  readonly isCall?: boolean;
}

/** An EVM that can run again: its state manager takes the next world, its listeners build the call tree. */
interface PooledEvm {
  readonly evm: EVM;
  readonly state: WorldStateManager;
  readonly bridgeSlots: BridgeSlots;
  frames: Frame[];
  root: Frame | null;
  hooks: StepHooks | null;
}

const POOL: PooledEvm[] = [];
const COMMONS = new Map<number, ReturnType<typeof createCustomCommon>>();
const commonFor = (chainId: number) => {
  let common = COMMONS.get(chainId);
  if (!common) COMMONS.set(chainId, (common = createCustomCommon({ chainId }, Mainnet, { hardfork: Hardfork.Prague })));
  return common;
};

const frameOf = (message: Message): Frame => ({
  type:
    message.to === undefined
      ? message.salt
        ? 'create2'
        : 'create'
      : message.delegatecall
        ? 'delegatecall'
        : message.isStatic
          ? 'staticcall'
          : 'call',
  from: message.caller.toString(),
  to: message.to?.toString() ?? null,
  value: message.value,
  gas: message.gasLimit,
  input: bytesToHex(message.data) as Hex,
  depth: message.depth,
  gasUsed: 0n,
  output: '0x',
  calls: [],
});

async function pooledEvm(chainId: number, world: World): Promise<PooledEvm> {
  const idle = POOL.pop();
  if (idle && idle.evm.common.chainId() === BigInt(chainId)) {
    idle.state.reset(world);
    idle.bridgeSlots.clear();
    return idle;
  }
  const state = new WorldStateManager(world);
  const bridgeSlots: BridgeSlots = new Map();
  const blockchain = {
    getBlock: async (n: number) => ({
      hash: () => hexToBytes(state.world.blockHash(Number(n)) ?? `0x${'0'.repeat(64)}`),
    }),
    putBlock: async () => {},
    shallowCopy() {
      return this;
    },
  };
  // The bridge's own frame is the innermost as it runs: who called it is that frame's `from`.
  const bridgeCaller = () => pooled.frames[pooled.frames.length - 1]?.from;
  const evm = await createEVM({
    common: commonFor(chainId),
    stateManager: state,
    blockchain,
    customPrecompiles: [bridgeAt(bridgeSlots, bridgeCaller)],
  });
  const pooled: PooledEvm = { evm, state, bridgeSlots, frames: [], root: null, hooks: null };
  evm.events!.on('beforeMessage', (message: Message, resolve?: (result?: unknown) => void) => {
    const frame = frameOf(message);
    const parent = pooled.frames[pooled.frames.length - 1];
    if (parent) parent.calls.push(frame);
    else pooled.root = frame;
    pooled.frames.push(frame);
    pooled.hooks?.enter?.(frame);
    resolve?.();
  });
  evm.events!.on('afterMessage', (result: EVMResult, resolve?: (result?: unknown) => void) => {
    const frame = pooled.frames.pop();
    if (frame) {
      frame.gasUsed = result.execResult.executionGasUsed;
      frame.output = bytesToHex(result.execResult.returnValue) as Hex;
      if (result.execResult.exceptionError) frame.error = result.execResult.exceptionError.error;
      if (result.createdAddress) frame.to = result.createdAddress.toString();
      pooled.hooks?.exit?.(frame, result, pooled.frames[pooled.frames.length - 1]);
    }
    resolve?.();
  });
  return pooled;
}

/** An EVM over one world, for one or several messages in a row (each sees what the ones before it did). */
export interface EvmSession {
  /** Runs a message: the transaction's execution (the ledger charges its fee and intrinsic gas), in the world's block. */
  run(input: MessageInput): Promise<Run>;
  /**
   * Runs creation code as the code of `address`, without a creation's rules (no nonce, no address
   * derived, no code stored): what a genesis allocation a constructor built holds. Its result's
   * return value is the runtime code; its storage writes are in the session's state.
   */
  runInit(input: InitInput): Promise<ExecResult>;
  readonly state: WorldStateManager;
}

/** Creation code to run at a fixed address (`EvmSession.runInit`). */
export interface InitInput {
  readonly address: string;
  readonly from: string;
  readonly code: Hex;
  readonly gas: bigint;
}

/**
 * Runs `use` with an EVM over `world` (taken from a pool, returned after), its state manager reading
 * the world and keeping what the session's messages change. Each message starts with EIP-2929's
 * warm addresses (the sender, the callee, the coinbase, the precompiles) and its access list warm.
 * With `hooks`, every step of the session's messages is shown to them (a trace); a session that
 * fails (a hook aborting a run) does not return its EVM to the pool.
 */
export async function withEvm<T>(
  world: World,
  use: (session: EvmSession) => Promise<T>,
  hooks?: StepHooks,
): Promise<T> {
  const pooled = await pooledEvm(world.chainId, world);
  const onStep = (step: InterpreterStep, resolve?: (result?: unknown) => void) => {
    const frame = pooled.frames[pooled.frames.length - 1]!;
    frame.lastOp = step.opcode.code;
    const done = hooks!.step(step, frame);
    if (done instanceof Promise) void done.then(() => resolve?.());
    else resolve?.();
  };
  if (hooks) {
    pooled.hooks = hooks;
    pooled.evm.events!.on('step', onStep);
  }
  let failed = true;
  try {
    const result = await use({
      run: (input) => runOn(pooled, world, input),
      runInit: (input) => initOn(pooled, world, input),
      state: pooled.state,
    });
    failed = false;
    return result;
  } finally {
    if (hooks) {
      pooled.evm.events!.off('step', onStep);
      pooled.hooks = null;
    }
    if (!failed || !hooks) POOL.push(pooled);
  }
}

/** Readies a pooled EVM for its next message: no journal, no original slots, no call tree of the last. */
function fresh(pooled: PooledEvm): EVM {
  pooled.evm.journal.cleanJournal();
  pooled.state.originalStorageCache.clear();
  pooled.frames = [];
  pooled.root = null;
  return pooled.evm;
}

async function runOn(pooled: PooledEvm, world: World, input: MessageInput): Promise<Run> {
  const evm = fresh(pooled);
  const warm = (address: string) => evm.journal.addAlwaysWarmAddress(address);
  warm(input.from);
  if (input.to) warm(input.to);
  warm(world.block.coinbase.toLowerCase());
  for (const entry of input.accessList ?? []) {
    warm(entry.address);
    for (const key of entry.storageKeys) evm.journal.addAlwaysWarmSlot(entry.address, key);
  }
  const result = await evm.runCall({
    caller: createAddressFromString(input.from),
    origin: createAddressFromString(input.from),
    ...(input.to ? { to: createAddressFromString(input.to) } : {}),
    data: hexToBytes(input.data),
    value: input.value,
    gasLimit: input.gas,
    gasPrice: input.gasPrice,
    // A creation's address is the sender's nonce before the increment: a call that creates increments it too.
    ...(input.isCall ? { skipBalance: true, skipNonceIncrement: input.to !== null && input.to !== undefined } : {}),
    block: blockOf(world),
  });
  return { result, root: pooled.root!, state: pooled.state, bridgeSlots: pooled.bridgeSlots };
}

/** The world's block as the EVM reads it (`NUMBER`, `TIMESTAMP`, `PREVRANDAO`…). */
const blockOf = (world: World) => {
  const block = world.block;
  return {
    header: {
      number: BigInt(block.number),
      coinbase: new Address(hexToBytes(block.coinbase)),
      timestamp: BigInt(block.timestamp),
      difficulty: 0n,
      prevRandao: hexToBytes(world.blockHash(block.number - 1) ?? `0x${'0'.repeat(64)}`),
      gasLimit: BigInt(block.gasLimit),
      baseFeePerGas: block.baseFee,
      getBlobGasPrice: () => 1n,
    },
  };
};

async function initOn(pooled: PooledEvm, world: World, input: InitInput): Promise<ExecResult> {
  const evm = fresh(pooled);
  // The account exists as a created one does (EIP-161: nonce 1), so its code can write its storage.
  await pooled.state.putAccount(createAddressFromString(input.address), new Account(1n, 0n));
  return evm.runCode({
    code: hexToBytes(input.code),
    data: new Uint8Array(),
    to: createAddressFromString(input.address),
    caller: createAddressFromString(input.from),
    origin: createAddressFromString(input.from),
    value: 0n,
    gasLimit: input.gas,
    block: blockOf(world),
  } as Parameters<EVM['runCode']>[0]);
}
