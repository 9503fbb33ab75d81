import type { Abi } from 'abitype';
import {
  type AccountId,
  type Block,
  type Call,
  type InternalTransaction,
  NONE,
  type TokenTransfer,
  type Transaction,
} from '../chain/types.js';
import { contractMethodOf } from './contractMethods.js';
import { creationInput } from './contracts.js';
import { customAbiOf, verifiedAbiOf } from './customAbi.js';
import type { Facts } from './facts.js';
import { lazyModules } from './lazyModules.js';

/** What a mined transaction paid: its fee, the part burnt and the part the miner got, and the block's base fee. */
export interface TransactionFees {
  /** Gas used × effective gas price. */
  readonly fee: bigint;
  /** Base fee × gas used. */
  readonly burnt: bigint;
  /** (Effective gas price − base fee) × gas used. */
  readonly priority: bigint;
  readonly baseFeePerGas: bigint;
}

export function feesOf(facts: Facts, transaction: Transaction): TransactionFees {
  const block = facts.chain.blocks.at(transaction.block)!;
  const gasUsed = BigInt(transaction.gasUsed);
  return {
    fee: gasUsed * transaction.gasPrice,
    burnt: block.baseFeePerGas * gasUsed,
    priority: (transaction.gasPrice - block.baseFeePerGas) * gasUsed,
    baseFeePerGas: block.baseFeePerGas,
  };
}

/** The transaction's input: as sent, for a sent one; the called method's ABI encoding, a creation's bytecode and constructor arguments, else `0x`. */
export function inputOf(facts: Facts, index: number): `0x${string}` {
  const t = facts.chain.transactions.at(index)!;
  if (t.signed) return t.signed.input;
  if (t.call) return lazyModules.abi.get().callData(t.call, customAbiOf(facts.chain, t.call.contractKind, t.toId));
  return t.createdId !== NONE ? creationInput(facts, t.createdId) : '0x';
}

/** A method a transaction called, and the ABI it is written with (undefined: its contract kind's). */
export interface CalledMethod {
  readonly call: Call;
  readonly abi: Abi | undefined;
}

/**
 * The method a transaction called, as the explorer decodes it: the generated call; or a sent
 * transaction's input read with the ABI of its callee's verified code (so a client's own contract's
 * calls are decoded once it is verified, as Blockscout decodes them), else with the method any
 * verified contract declares for its selector (a call of an account without code too). Null for a
 * transfer, a creation, or a call no known method decodes.
 */
export function calledOf(facts: Facts, index: number): CalledMethod | null {
  const t = facts.chain.transactions.at(index)!;
  if (t.call) return { call: t.call, abi: customAbiOf(facts.chain, t.call.contractKind, t.toId) };
  if (!t.signed || t.toId === NONE) return null;
  const { decodedCall } = lazyModules.abi.get();
  const abi = verifiedAbiOf(facts.chain, t.toId);
  const own = abi ? decodedCall(t.signed.input, abi) : null;
  if (own) return { call: own, abi };
  // What its callee's ABI does not decode, the explorer decodes by the method its contract_methods
  // table holds for the selector (any verified contract's), whatever the callee, an account without
  // code too (`Transaction.decode_transactions`: its second pass unloads the callee).
  if (t.signed.input.length < 10) return null;
  const method = contractMethodOf(facts, t.signed.input.slice(0, 10).toLowerCase());
  if (!method) return null;
  const candidate = [method.fn];
  const call = decodedCall(t.signed.input, candidate);
  return call && { call, abi: candidate };
}

/** The name of the method a transaction called (`calledOf`, without looking up a generated call's ABI), or null. */
export function methodName(facts: Facts, index: number): string | null {
  const t = facts.chain.transactions.at(index)!;
  return t.call ? t.call.functionName : (calledOf(facts, index)?.call.functionName ?? null);
}

/** The receiver of a transaction's value: its callee, or the contract it creates. */
export const receiverOf = (transaction: Transaction): AccountId =>
  transaction.toId !== NONE ? transaction.toId : transaction.createdId;

/** Items a token transfer log is listed as: one per token id of an ERC-1155 batch, else one. */
export const itemsOf = (transfer: TokenTransfer): number => transfer.tokenIds?.length ?? 1;

/** Gas used by the block's transactions up to and including `index` (a receipt's cumulative gas). */
export function cumulativeGasUsed(facts: Facts, index: number): number {
  const t = facts.chain.transactions.at(index)!;
  const block = facts.chain.blocks.at(t.block)!;
  let gas = 0;
  for (let i = block.transactionStart; i <= index; i++) gas += facts.chain.transactions.at(i)!.gasUsed;
  return gas;
}

/** Internal transactions in a block (without the top-level calls). */
export function internalCountOf(facts: Facts, block: Block): number {
  let count = 0;
  for (let i = block.transactionStart; i < block.transactionStart + block.transactionCount; i++)
    count += facts.chain.transactions.at(i)!.internalCount;
  return count;
}

/** How the explorer words a mined transaction's outcome (its `result`): `success`, or the error. */
export const resultOf = (transaction: Transaction): string =>
  transaction.status === 'ok' ? 'success' : 'execution reverted';

/** The first four bytes of a transaction's input (its method selector), or null when the input is shorter. */
export function selectorOf(facts: Facts, index: number): string | null {
  const t = facts.chain.transactions.at(index)!;
  if (t.call && !t.signed)
    return lazyModules.abi.get().callSelector(t.call, customAbiOf(facts.chain, t.call.contractKind, t.toId));
  const input = inputOf(facts, index);
  return input.length >= 10 ? input.slice(0, 10) : null;
}

/** Gas an internal call used: none for one that succeeded (the mock's calls cost their transaction only; its raw trace says 0x0), unknown for one that failed. */
export const internalGasUsedOf = (internal: InternalTransaction): bigint | null => (internal.success ? 0n : null);
