import { createHash } from 'node:crypto';
import type { Chain } from '../../src/chain/types.js';

/** A SHA-256 over every entity of a chain, so two chains can be compared across processes. */
export function chainFingerprint(chain: Chain): string {
  const hash = createHash('sha256');
  const text = (value: unknown) =>
    JSON.stringify(value, (_, v: unknown) =>
      typeof v === 'bigint' ? `${v}n` : v instanceof Int32Array ? Array.from(v) : v instanceof Map ? [...v] : v,
    );
  for (const part of [
    chain.accounts,
    chain.blocks,
    chain.uncles,
    chain.reorgs,
    chain.transactions,
    chain.tokenTransfers,
    chain.internalTransactions,
    chain.withdrawals,
    chain.indexes,
    chain.handles,
    [...chain.nftOwners],
  ]) {
    hash.update(text(part));
  }
  hash.update(String(chain.totalSupply));
  return hash.digest('hex');
}
