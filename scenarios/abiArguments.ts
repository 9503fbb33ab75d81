import type { AbiParameter } from 'abitype';
import * as Address from 'ox/Address';
import { checksumProblem } from './values.js';

/** An argument as a scenario file writes it. */
export type RawArgument = string | number | boolean;

/** What an address argument names: a named account, token or contract's address, or null when it names none. */
export type AddressOf = (name: string) => `0x${string}` | null;

/**
 * The value an ABI parameter takes from a scenario's argument: an address from a name or a 0x hash
 * (EIP-55 checked when mixed-case, stored checksummed), an integer in its type's range, a boolean,
 * text, or hex bytes of the right length. A string saying what is wrong otherwise, so encoding it
 * later (for an input, its decoding, an event) cannot fail.
 */
export function argumentValue(
  p: AbiParameter,
  raw: RawArgument,
  addressOf: AddressOf,
): { value: unknown } | { problem: string } {
  const what = `${p.type}${p.name ? ` ${p.name}` : ''}`;
  if (p.type === 'address') {
    if (typeof raw === 'string' && /^0x[0-9a-fA-F]{40}$/.test(raw)) {
      const checksum = checksumProblem(raw);
      return checksum ? { problem: checksum } : { value: Address.checksum(raw.toLowerCase() as `0x${string}`) };
    }
    const hash = typeof raw === 'string' ? addressOf(raw) : null;
    return hash
      ? { value: hash }
      : { problem: `${JSON.stringify(raw)} is no named account, named token, named contract or 0x address` };
  }
  const integer = /^(u?)int([0-9]*)$/.exec(p.type);
  if (integer) {
    const bits = BigInt(integer[2] || 256);
    const [min, max] = integer[1] ? [0n, 2n ** bits - 1n] : [-(2n ** (bits - 1n)), 2n ** (bits - 1n) - 1n];
    // JSON numbers past 2^53 have lost digits before we see them.
    if (typeof raw === 'number' && !Number.isSafeInteger(raw))
      return {
        problem: `${what}: ${raw} is past 2^53 as a JSON number and has lost digits: write it as a digit string`,
      };
    const value = typeof raw !== 'boolean' && /^-?[0-9]+$/.test(String(raw)) ? BigInt(raw) : null;
    if (value === null || value < min || value > max)
      return { problem: `${what}: give an integer from ${min} to ${max}, got ${JSON.stringify(raw)}` };
    return { value };
  }
  if (p.type === 'bool')
    return typeof raw === 'boolean'
      ? { value: raw }
      : { problem: `${what}: give true or false, got ${JSON.stringify(raw)}` };
  if (p.type === 'string')
    return typeof raw === 'string' ? { value: raw } : { problem: `${what}: give text, got ${JSON.stringify(raw)}` };
  const bytes = /^bytes([0-9]*)$/.exec(p.type);
  if (bytes) {
    if (typeof raw !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(raw))
      return { problem: `${what}: give 0x-prefixed hex, got ${JSON.stringify(raw)}` };
    if (bytes[1] && (raw.length - 2) / 2 !== Number(bytes[1]))
      return { problem: `${what}: give exactly ${bytes[1]} bytes, got ${(raw.length - 2) / 2}` };
    return { value: raw };
  }
  return {
    problem: `${what}: arguments of type ${p.type} cannot be written in a scenario yet (addresses, integers, bool, string and bytes can)`,
  };
}
