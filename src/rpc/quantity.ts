import { invalidParams } from './rpcError.js';

/** A JSON-RPC quantity: `0x` and the number in hex without leading zeros. */
export const quantity = (value: number | bigint): `0x${string}` => `0x${value.toString(16)}`;

const HEX_DATA = /^0x([0-9a-fA-F]{2})*$/;
const HEX_NUMBER = /^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$/;

/** Why `value` is not a hex quantity (geth's hexutil texts), or null. */
function quantityProblem(value: unknown, bits: 64 | 256): string | null {
  if (typeof value !== 'string') return `cannot unmarshal ${JSON.stringify(value) ?? 'undefined'} into a hex number`;
  if (value === '') return 'empty hex string';
  if (!value.startsWith('0x') && !value.startsWith('0X')) return 'hex string without 0x prefix';
  if (value.length === 2) return 'hex string "0x"';
  if (!/^0[xX][0-9a-fA-F]+$/.test(value)) return 'invalid hex string';
  if (!HEX_NUMBER.test(value.replace(/^0X/, '0x'))) return 'hex number with leading zero digits';
  if (value.length - 2 > bits / 4) return `hex number > ${bits} bits`;
  return null;
}

/** Argument `index` as a 64-bit quantity (a number below 2^53 here), else the node's -32602. */
export function quantityArg(value: unknown, index: number): number {
  const problem = quantityProblem(value, 64);
  if (problem) throw invalidParams(`invalid argument ${index}: ${problem}`);
  const n = Number.parseInt(value as string, 16);
  if (!Number.isSafeInteger(n)) throw invalidParams(`invalid argument ${index}: hex number > 53 bits`);
  return n;
}

/** Argument `index` as a 256-bit quantity. */
export function bigQuantityArg(value: unknown, index: number, field?: string): bigint {
  const problem = quantityProblem(value, 256);
  if (problem) throw invalidParams(`invalid argument ${index}: ${field ? `${field}: ` : ''}${problem}`);
  return BigInt(value as string);
}

/** Argument `index` as hex bytes (`0x` and an even number of hex digits). */
export function dataArg(value: unknown, index: number, field?: string): `0x${string}` {
  const at = `invalid argument ${index}: ${field ? `${field}: ` : ''}`;
  if (typeof value !== 'string') throw invalidParams(`${at}hex string expected`);
  if (!value.startsWith('0x')) throw invalidParams(`${at}hex string without 0x prefix`);
  if (!HEX_DATA.test(value))
    throw invalidParams(`${at}${value.length % 2 ? 'hex string of odd length' : 'invalid hex string'}`);
  return value.toLowerCase() as `0x${string}`;
}

/** Argument `index` as a 20-byte address, lower-cased. */
export function addressArg(value: unknown, index: number, field?: string): string {
  const at = `invalid argument ${index}: ${field ? `${field}: ` : ''}`;
  if (typeof value !== 'string') throw invalidParams(`${at}hex string expected for address`);
  if (!value.startsWith('0x')) throw invalidParams(`${at}hex string without 0x prefix`);
  if (!/^0x[0-9a-fA-F]*$/.test(value)) throw invalidParams(`${at}invalid hex string`);
  if (value.length !== 42)
    throw invalidParams(`${at}hex string has length ${value.length - 2}, want 40 for common.Address`);
  return value.toLowerCase();
}

/** Argument `index` as a 32-byte hash, lower-cased. */
export function hashArg(value: unknown, index: number): string {
  const at = `invalid argument ${index}: `;
  if (typeof value !== 'string') throw invalidParams(`${at}hex string expected for hash`);
  if (!value.startsWith('0x')) throw invalidParams(`${at}hex string without 0x prefix`);
  if (!/^0x[0-9a-fA-F]*$/.test(value)) throw invalidParams(`${at}invalid hex string`);
  if (value.length !== 66)
    throw invalidParams(`${at}hex string has length ${value.length - 2}, want 64 for common.Hash`);
  return value.toLowerCase();
}

/** Argument `index` as a boolean. */
export function boolArg(value: unknown, index: number): boolean {
  if (typeof value !== 'boolean')
    throw invalidParams(
      `invalid argument ${index}: cannot unmarshal ${JSON.stringify(value) ?? 'undefined'} into a boolean`,
    );
  return value;
}
