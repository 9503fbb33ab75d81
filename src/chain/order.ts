import type { TokenType } from './types.js';

/**
 * Orders the lists whose order is not simply chain order. Shared by the chain builder (which
 * sorts) and the handlers (which binary-search a cursor in what was sorted).
 */

/** Endpoint 3's sort key: value descending, then token type, then token name. */
export interface HoldingKey {
  readonly value: bigint;
  readonly type: TokenType;
  readonly name: string | null;
}

const text = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);

/** Negative when `a` comes first in endpoint 3's order. Ties on the whole key compare 0. */
export function compareHoldingKeys(a: HoldingKey, b: HoldingKey): number {
  if (a.value !== b.value) return a.value > b.value ? -1 : 1;
  return text(a.type, b.type) || text(a.name, b.name);
}

/** Endpoint 7 lists ERC-721 collections, then ERC-1155, then ERC-404. */
const COLLECTION_TYPE_RANK: Readonly<Record<TokenType, number>> = {
  'ERC-721': 0,
  'ERC-1155': 1,
  'ERC-404': 2,
  'ERC-20': 3,
};

/** Endpoint 7's order: type rank, then token address (lower-case) ascending. */
export function compareCollectionKeys(
  a: { type: TokenType; address: string },
  b: { type: TokenType; address: string },
): number {
  return COLLECTION_TYPE_RANK[a.type] - COLLECTION_TYPE_RANK[b.type] || text(a.address, b.address);
}
