import { calldataGas } from '../../src/protocol/intrinsicGas.js';

/**
 * The gas a modelled call uses, as a chain without an EVM counts it: the intrinsic 21,000, the
 * calldata (16 per non-zero byte, 4 per zero byte, EIP-2028), and a fixed cost per function of
 * the token standards, close to what their usual implementations spend with cold storage.
 */
export const INTRINSIC_GAS = 21_000;

/** Execution gas of the token functions a send may call, by `standard:function`. */
const EXECUTION_GAS: Readonly<Record<string, number>> = {
  'ERC-20:transfer': 30_000,
  'ERC-20:approve': 24_500,
  'ERC-20:transferFrom': 36_000,
  'ERC-721:transferFrom': 38_000,
  'ERC-721:safeTransferFrom': 41_000,
  'ERC-721:approve': 26_000,
  'ERC-721:setApprovalForAll': 25_000,
  'ERC-1155:safeTransferFrom': 34_000,
  'ERC-1155:safeBatchTransferFrom': 52_000,
  'ERC-1155:setApprovalForAll': 25_000,
};

/** Execution gas of any other contract call (a scenario contract's declared write, or a call with no modelled effect). */
export const DEFAULT_CALL_GAS = 50_000;

/** Execution gas of a modelled function: a token write's fixed cost, else the default. */
export const executionGas = (standard: string | undefined, name: string | undefined): number =>
  EXECUTION_GAS[`${standard}:${name}`] ?? DEFAULT_CALL_GAS;

/** Gas a call uses: intrinsic, calldata, and its execution (none for a plain transfer to an account without code). */
export function callGas(
  data: `0x${string}`,
  execution: { readonly standard?: string; readonly name?: string } | null,
): number {
  const exec = execution === null ? 0 : (EXECUTION_GAS[`${execution.standard}:${execution.name}`] ?? DEFAULT_CALL_GAS);
  return INTRINSIC_GAS + calldataGas(data) + exec;
}
