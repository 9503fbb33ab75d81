import * as AbiParameters from 'ox/AbiParameters';
import type { Hex } from '../../chain/types.js';

/** Solidity's panic codes, in the words solc's documentation gives them. */
const PANICS: Readonly<Record<number, string>> = {
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

/**
 * Why a transaction failed, in words: `Error(string)`'s reason, a `Panic(uint256)`'s meaning, the
 * EVM's error (`out of gas`, `invalid opcode`…), else `execution reverted` (a custom error, or
 * nothing).
 */
export function revertReasonOf(error: string, data: Hex): string {
  if (error !== 'revert') return error;
  try {
    if (data.startsWith('0x08c379a0'))
      return String(AbiParameters.decode([{ type: 'string' }], `0x${data.slice(10)}`)[0]);
    if (data.startsWith('0x4e487b71')) {
      const code = Number(AbiParameters.decode([{ type: 'uint256' }], `0x${data.slice(10)}`)[0]);
      return `panic: ${PANICS[code] ?? 'unknown panic'} (0x${code.toString(16)})`;
    }
  } catch {
    // Data that claims a standard error and does not decode: only its bytes say anything.
  }
  return 'execution reverted';
}
