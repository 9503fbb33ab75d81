import { type Chain, NONE, type TokenType } from '../../src/chain/types.js';

/**
 * What each list endpoint must return, computed by scanning the chain's entities (not its
 * indexes), as keys that identify items.
 */
export function expectedTransactions(chain: Chain, id: number, filter?: 'to' | 'from'): string[] {
  const out: string[] = [];
  for (let i = chain.transactions.length - 1; i >= 0; i--) {
    const t = chain.transactions[i]!;
    const to = t.toId !== NONE ? t.toId : t.createdId;
    if (filter === 'from' ? t.fromId === id : filter === 'to' ? to === id : t.fromId === id || to === id) out.push(t.hash);
  }
  return out;
}

/** Token transfer items as `txHash:logIndex:value`, newest first, batches flattened in id order. */
export function expectedTokenTransfers(chain: Chain, id: number, options: { filter?: 'to' | 'from'; types?: readonly TokenType[]; token?: number } = {}): string[] {
  const out: string[] = [];
  for (let i = chain.tokenTransfers.length - 1; i >= 0; i--) {
    const t = chain.tokenTransfers[i]!;
    const type = chain.accounts[t.tokenId]!.contract!.token!.type;
    const involved = options.filter === 'from' ? t.fromId === id : options.filter === 'to' ? t.toId === id : t.fromId === id || t.toId === id;
    if (!involved || (options.types && !options.types.includes(type)) || (options.token !== undefined && t.tokenId !== options.token)) continue;
    t.amounts.forEach((amount) => out.push(`${chain.transactions[t.transaction]!.hash}:${t.logIndex}:${amount}`));
  }
  return out;
}

/** Internal transactions as `txHash:index`, newest first. */
export function expectedInternalTransactions(chain: Chain, id: number, filter?: 'to' | 'from'): string[] {
  const out: string[] = [];
  for (let i = chain.internalTransactions.length - 1; i >= 0; i--) {
    const t = chain.internalTransactions[i]!;
    const to = t.toId !== NONE ? t.toId : t.createdId;
    if (filter === 'from' ? t.fromId === id : filter === 'to' ? to === id : t.fromId === id || to === id) out.push(`${chain.transactions[t.transaction]!.hash}:${t.index}`);
  }
  return out;
}

export function expectedWithdrawals(chain: Chain, id: number): number[] {
  return chain.withdrawals.filter((w) => w.receiverId === id).map((w) => w.index).reverse();
}
