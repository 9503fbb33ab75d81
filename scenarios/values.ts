/** The values the scenario language reads (amounts, addresses) and how it names a problem with one. */
import * as Address from 'ox/Address';

/** The zero address: a delegation to it clears one (EIP-7702). */
export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

export interface EntityProblem {
  /** Where in the scenario, such as `entities.accounts[1].address`. */
  readonly path: string;
  readonly problem: string;
}

const UNIT_DECIMALS: Record<string, number> = { wei: 0, gwei: 9, ETH: 18, ether: 18 };

/** `whole.fraction` in units of 10^-decimals, or null when the fraction has more digits than that. */
const toUnits = (whole: string, fraction: string, decimals: number): bigint | null =>
  fraction.length > decimals
    ? null
    : BigInt(whole) * 10n ** BigInt(decimals) + (fraction ? BigInt(fraction.padEnd(decimals, '0')) : 0n);

/** Wei of an amount such as "12.5 ETH", "30 gwei" or "1000" (wei); a string saying what is wrong otherwise. */
export function parseCoinAmount(text: string): bigint | string {
  const match = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?(?: (ETH|ether|gwei|wei))?$/.exec(text);
  if (!match) return `"${text}" is not an amount: wei as digits, or a decimal with a unit, such as "12.5 ETH"`;
  const decimals = UNIT_DECIMALS[match[3] ?? 'wei']!;
  return (
    toUnits(match[1]!, match[2] ?? '', decimals) ?? `"${text}" has more decimals than the unit allows (${decimals})`
  );
}

/** Smallest units of a token amount in whole tokens ("1000.5" with 6 decimals → 1000500000); a string saying what is wrong otherwise. */
export function parseTokenAmount(text: string, decimals: number): bigint | string {
  const match = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/.exec(text);
  if (!match) return `"${text}" is not an amount of whole tokens, such as "1000.5"`;
  const units = toUnits(match[1]!, match[2] ?? '', decimals);
  if (units === null) return `"${text}" has more decimals than the token (${decimals})`;
  return units > 0n ? units : `"${text}" is nothing: leave the holder out instead`;
}

/** Why a mixed-case address fails its EIP-55 checksum, or null (all-lower and all-upper addresses carry none). */
export function checksumProblem(address: string): string | null {
  const digits = address.slice(2);
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return null;
  const checksummed = Address.checksum(address.toLowerCase() as `0x${string}`);
  return checksummed === address ? null : `${address} fails its EIP-55 checksum (${checksummed} passes)`;
}
