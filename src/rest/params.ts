import { type AccountId, TOKEN_TYPES, type TokenType } from '../chain/types.js';
import type { Chain } from '../chain/types.js';
import { invalidParameter } from './errors.js';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;
const INTEGER = /^(0|[1-9][0-9]*)$/;

/** A path segment, percent-decoded; malformed escapes are kept as they are (and fail validation). */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A 0x-prefixed 40-hex-digit address from the path, lower-cased; 422 otherwise. */
export function addressParam(raw: string): string {
  if (!ADDRESS.test(raw))
    throw invalidParameter('/address_hash_param', 'Invalid format. Expected ~r/^0x([A-Fa-f0-9]{40})$/');
  return raw.toLowerCase();
}

/** A 0x-prefixed 64-hex-digit transaction hash from the path, lower-cased; 422 otherwise. */
export function transactionHashParam(raw: string): string {
  if (!HASH.test(raw))
    throw invalidParameter('/transaction_hash_param', 'Invalid format. Expected ~r/^0x([A-Fa-f0-9]{64})$/');
  return raw.toLowerCase();
}

/** A block number or block hash from the path; 422 when it is neither. */
export function blockParam(raw: string): { height: number } | { hash: string } {
  if (INTEGER.test(raw) && raw.length <= 16 && Number(raw) <= Number.MAX_SAFE_INTEGER) return { height: Number(raw) };
  if (HASH.test(raw)) return { hash: raw.toLowerCase() };
  throw invalidParameter(
    '/block_hash_or_number_param',
    'Invalid format. Expected a block number or ~r/^0x([A-Fa-f0-9]{64})$/',
  );
}

/** The account of a lower-case address, or undefined when the chain has never seen it. */
export const accountOf = (chain: Chain, lower: string): AccountId | undefined => chain.accountByHash.get(lower);

/** A query value that a JSON null became: absent, empty or the text `null`. */
const isNull = (value: string | null): value is null | '' | 'null' =>
  value === null || value === '' || value === 'null';

/** A non-negative integer cursor value (below 2^53), or undefined when absent; 422 when malformed. */
export function integerQuery(query: URLSearchParams, key: string): number | undefined {
  const value = query.get(key);
  if (isNull(value)) return undefined;
  if (!INTEGER.test(value) || value.length > 16 || Number(value) > Number.MAX_SAFE_INTEGER) {
    throw invalidParameter(
      `/${key}`,
      `Invalid integer: expected a non-negative integer below 2^53, got "${value.slice(0, 80)}"`,
    );
  }
  return Number(value);
}

/** A non-negative decimal integer of any size (wei amounts), or undefined; 422 when malformed. */
export function bigintQuery(query: URLSearchParams, key: string): bigint | undefined {
  const value = query.get(key);
  if (isNull(value)) return undefined;
  if (INTEGER.test(value) && value.length <= 80) return BigInt(value);
  // A JavaScript client that parsed the number may send it back in exponent form.
  const number = Number(value);
  if (/^[0-9.eE+]+$/.test(value) && Number.isFinite(number) && number >= 0)
    return BigInt(Math.round(number).toLocaleString('fullwide', { useGrouping: false }));
  throw invalidParameter(`/${key}`, `Invalid number: expected a non-negative integer, got "${value.slice(0, 80)}"`);
}

/** A 0x-prefixed hash of `hexDigits` digits, lower-cased, or undefined; 422 when malformed. */
export function hashQuery(query: URLSearchParams, key: string, hexDigits: 40 | 64): string | undefined {
  const value = query.get(key);
  if (isNull(value)) return undefined;
  if (!(hexDigits === 40 ? ADDRESS : HASH).test(value)) {
    throw invalidParameter(`/${key}`, `Invalid format. Expected ~r/^0x([A-Fa-f0-9]{${hexDigits}})$/`);
  }
  return value.toLowerCase();
}

/** A free text cursor value, or null when absent. */
export const textQuery = (query: URLSearchParams, key: string): string | null => {
  const value = query.get(key);
  return isNull(value) ? null : value;
};

/** One of `values` (case-insensitive), or undefined when absent or empty; 422 otherwise. */
export function enumQuery<T extends string>(query: URLSearchParams, key: string, values: readonly T[]): T | undefined {
  const value = query.get(key);
  if (value === null || value === '') return undefined;
  const found = values.find((v) => v.toLowerCase() === value.toLowerCase());
  if (!found) throw invalidParameter(`/${key}`, 'Invalid value for enum');
  return found;
}

/** A comma-separated list of token types (OR-combined), or undefined for no filter; 422 on an unknown type. */
export function tokenTypesQuery(
  query: URLSearchParams,
  key: string,
  allowed: readonly TokenType[] = TOKEN_TYPES,
): ReadonlySet<TokenType> | undefined {
  const value = query.get(key);
  if (value === null || value.trim() === '') return undefined;
  const types = new Set<TokenType>();
  for (const part of value.split(',')) {
    const name = part.trim();
    if (name === '') continue;
    const found = allowed.find((t) => t.toLowerCase() === name.toLowerCase());
    if (!found) throw invalidParameter(`/${key}`, 'Invalid value for enum');
    types.add(found);
  }
  return types.size ? types : undefined;
}
