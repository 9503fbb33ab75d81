import type { AccessList, Hex } from './transaction.js';

/** What every transaction pays before it runs (and a creation more, EIP-2). */
const TRANSACTION_GAS = 21_000;
const CREATION_GAS = 32_000;
/** Per access-list entry and storage key (EIP-2930). */
const ACCESS_LIST_ADDRESS_GAS = 2_400;
const ACCESS_LIST_KEY_GAS = 1_900;
/** Per authorization of a set-code transaction (EIP-7702's PER_EMPTY_ACCOUNT_COST). */
export const AUTHORIZATION_GAS = 25_000;
/** Per 32-byte word of init code (EIP-3860). */
const INIT_CODE_WORD_GAS = 2;

/** The gas of call data: 16 per non-zero byte, 4 per zero byte (EIP-2028). */
export function calldataGas(data: Hex): number {
  let gas = 0;
  for (let i = 2; i < data.length; i += 2) gas += data.charCodeAt(i) === 48 && data.charCodeAt(i + 1) === 48 ? 4 : 16;
  return gas;
}

/** The gas of an access list (EIP-2930): per address and per storage key. */
export const accessListGas = (list: AccessList): number =>
  list.reduce((gas, entry) => gas + ACCESS_LIST_ADDRESS_GAS + ACCESS_LIST_KEY_GAS * entry.storageKeys.length, 0);

/** The gas a transaction pays before it runs: 21,000, its call data, its access list (EIP-2930), its authorizations (EIP-7702), and for a creation 32,000 and its init code's words (EIP-3860). */
export function intrinsicGas(tx: {
  readonly to: string | null;
  readonly input: Hex;
  readonly accessList: AccessList;
  readonly authorizations?: number;
}): number {
  const creation = tx.to === null ? CREATION_GAS + INIT_CODE_WORD_GAS * Math.ceil((tx.input.length - 2) / 64) : 0;
  return (
    TRANSACTION_GAS +
    creation +
    calldataGas(tx.input) +
    accessListGas(tx.accessList) +
    AUTHORIZATION_GAS * (tx.authorizations ?? 0)
  );
}

/** The most init code a creation may carry (EIP-3860: twice EIP-170's 24,576-byte runtime limit). */
export const MAX_INITCODE_SIZE = 49_152;

/** Why a creation's init code is refused (geth's text), or undefined. */
export function initCodeProblem(tx: { readonly to: string | null; readonly input: Hex }): string | undefined {
  if (tx.to !== null) return undefined;
  const size = (tx.input.length - 2) / 2;
  return size > MAX_INITCODE_SIZE
    ? `max initcode size exceeded: code size ${size}, limit ${MAX_INITCODE_SIZE}`
    : undefined;
}
