import { type Hex, NONE } from '../chain/types.js';
import type { Facts } from './facts.js';
import { revertData } from './revertData.js';
import { inputOf } from './transactions.js';

/** geth's word for a revert (`vm.ErrExecutionReverted`): a call failed with it keeps its output. */
export const REVERTED = 'execution reverted';

/** A log a call emitted, with its place among the call's subcalls (how many it had made before). */
export interface TraceLog {
  readonly address: string;
  readonly topics: readonly Hex[];
  readonly data: Hex;
  readonly position: number;
}

/** One call of a transaction's call tree: the transaction itself at the root. */
export interface TraceFrame {
  readonly type: 'call' | 'callcode' | 'delegatecall' | 'staticcall' | 'create' | 'create2' | 'selfdestruct';
  /** Lower-case addresses; `to` is the created contract of a creation (null when it failed). */
  readonly from: string;
  readonly to: string | null;
  /** null for a static call (no value moves). */
  readonly value: bigint | null;
  readonly gas: bigint;
  readonly gasUsed: bigint;
  readonly input: Hex;
  /** Return data (a creation's: the runtime code); a revert's data when it reverted. */
  readonly output: Hex;
  /** Why it failed, in geth's words (`execution reverted`, `out of gas`, `invalid opcode: INVALID`…); null when it did not. */
  readonly error: string | null;
  /** What the revert data says (`Error(string)`'s reason, a panic's meaning); null otherwise. */
  readonly revertReason: string | null;
  readonly logs: readonly TraceLog[];
  readonly calls: readonly TraceFrame[];
}

/** One step of the EVM, as geth's struct logger records it (depth counted from 1). */
export interface StructLog {
  readonly pc: number;
  readonly op: string;
  readonly gas: bigint;
  readonly gasCost: bigint;
  readonly depth: number;
  readonly refund: bigint;
  readonly stack?: readonly bigint[];
  /** Memory before the step (enableMemory), 32-byte words as hex without 0x. */
  readonly memory?: readonly string[];
  /** The slots this contract read or wrote so far (on SLOAD and SSTORE steps), 32-byte hex without 0x. */
  readonly storage?: Readonly<Record<string, string>>;
  readonly returnData?: Hex;
  readonly error?: string;
}

/**
 * A transaction's trace (or a call's): its call tree, and what the struct logger reports. `executed`
 * says whether the EVM ran it (a client's send to code of its own); otherwise it is built from the
 * chain's facts, which know no steps, so `structLogs` is empty.
 */
export interface TransactionTrace {
  readonly executed: boolean;
  readonly root: TraceFrame;
  /** Gas the transaction used (its receipt's). */
  readonly gasUsed: bigint;
  readonly failed: boolean;
  /** The top call's return data (its revert data when it reverted, empty for any other failure). */
  readonly returnValue: Hex;
  readonly structLogs: readonly StructLog[];
}

/** Solidity's panic codes, in geth's words (`abi.UnpackRevert`). */
const PANICS: Readonly<Record<number, string>> = {
  0x00: 'generic panic',
  0x01: 'assert(false)',
  0x11: 'arithmetic underflow or overflow',
  0x12: 'division or modulo by zero',
  0x21: 'enum overflow',
  0x22: 'invalid encoded storage byte array accessed',
  0x31: 'out-of-bounds array access; popping on an empty array',
  0x32: 'out-of-bounds access of an array or bytesN',
  0x41: 'out of memory',
  0x51: 'uninitialized function',
};

/** What revert data says, as geth's callTracer unpacks it: `Error(string)`'s reason or a panic's meaning; else null. */
export function unpackRevert(data: Hex): string | null {
  try {
    if (data.startsWith('0x08c379a0') && data.length >= 10 + 128) {
      const offset = Number(BigInt(`0x${data.slice(10, 74)}`));
      const at = 10 + offset * 2;
      const length = Number(BigInt(`0x${data.slice(at, at + 64)}`));
      const bytes = data.slice(at + 64, at + 64 + length * 2);
      if (bytes.length !== length * 2) return null;
      return Buffer.from(bytes, 'hex').toString('utf8');
    }
    if (data.startsWith('0x4e487b71') && data.length === 10 + 64) {
      const code = BigInt(`0x${data.slice(10)}`);
      return PANICS[Number(code)] ?? `unknown panic code: 0x${code.toString(16)}`;
    }
  } catch {
    // Data that claims a standard error and does not decode says nothing more.
  }
  return null;
}

/**
 * The trace of a transaction the EVM did not run (a generated one, or a send the ledger's models
 * answered), from the chain's facts: the top call with its gas limit and gas used, its internal
 * transactions as its calls (the chain keeps them flat, with no input, output or gas used), its
 * revert reason as `Error(string)` data. The facts hold no steps: no struct logs.
 */
export function traceOfFacts(facts: Facts, at: number): TransactionTrace {
  const { chain } = facts;
  const tx = chain.transactions.at(at)!;
  const lower = (id: number) => chain.accounts[id]!.lower;
  const ok = tx.status === 'ok';
  // The chain's words for a failure are a contract's reason, or the EVM's (`out of gas`, a bare revert).
  const error = ok ? null : tx.revertReason === 'out of gas' ? 'out of gas' : REVERTED;
  const reason = error === REVERTED && tx.revertReason !== REVERTED ? tx.revertReason : null;
  const output: Hex = reason ? revertData(reason) : '0x';
  const calls: TraceFrame[] = [];
  for (let k = 0; k < tx.internalCount; k++) {
    const it = chain.internalTransactions.at(tx.internalStart + k)!;
    const creates = it.type === 'create' || it.type === 'create2';
    calls.push({
      type: it.type,
      from: lower(it.fromId),
      to: creates ? (it.success ? lower(it.createdId) : null) : lower(it.toId),
      value: it.type === 'staticcall' ? null : it.value,
      gas: it.gasLimit,
      gasUsed: 0n,
      input: '0x',
      output: '0x',
      error: it.success ? null : (it.error ?? REVERTED),
      revertReason: null,
      logs: [],
      calls: [],
    });
  }
  const creates = tx.toId === NONE;
  return {
    executed: false,
    root: {
      type: creates ? 'create' : 'call',
      from: lower(tx.fromId),
      to: creates ? (ok ? lower(tx.createdId) : null) : lower(tx.toId),
      value: tx.value,
      gas: BigInt(tx.gasLimit),
      gasUsed: BigInt(tx.gasUsed),
      input: inputOf(facts, at),
      output,
      error,
      revertReason: reason,
      logs: [],
      calls,
    },
    gasUsed: BigInt(tx.gasUsed),
    failed: !ok,
    returnValue: output,
    structLogs: [],
  };
}
