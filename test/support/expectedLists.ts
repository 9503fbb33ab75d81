import { type Chain, NONE, type TokenType } from '../../src/chain/types.js';

/**
 * What each list endpoint must return, computed by scanning the chain's entities (not its
 * indexes), as keys that identify items.
 */
export function expectedTransactions(chain: Chain, id: number, filter?: 'to' | 'from'): string[] {
  const out: string[] = [];
  for (let i = chain.transactions.length - 1; i >= 0; i--) {
    const t = chain.transactions.at(i)!;
    const to = t.toId !== NONE ? t.toId : t.createdId;
    if (filter === 'from' ? t.fromId === id : filter === 'to' ? to === id : t.fromId === id || to === id)
      out.push(t.hash);
  }
  return out;
}

/** Token transfer items as `txHash:logIndex:value`, newest first, batches flattened in id order. */
export function expectedTokenTransfers(
  chain: Chain,
  id: number,
  options: { filter?: 'to' | 'from'; types?: readonly TokenType[]; token?: number } = {},
): string[] {
  const out: string[] = [];
  for (let i = chain.tokenTransfers.length - 1; i >= 0; i--) {
    const t = chain.tokenTransfers.at(i)!;
    const type = chain.accounts[t.tokenId]!.contract!.token!.type;
    const involved =
      options.filter === 'from'
        ? t.fromId === id
        : options.filter === 'to'
          ? t.toId === id
          : t.fromId === id || t.toId === id;
    if (
      !involved ||
      (options.types && !options.types.includes(type)) ||
      (options.token !== undefined && t.tokenId !== options.token)
    )
      continue;
    t.amounts.forEach((amount) => out.push(`${chain.transactions.at(t.transaction)!.hash}:${t.logIndex}:${amount}`));
  }
  return out;
}

/** Internal transactions as `txHash:index`, newest first. */
export function expectedInternalTransactions(chain: Chain, id: number, filter?: 'to' | 'from'): string[] {
  const out: string[] = [];
  for (let i = chain.internalTransactions.length - 1; i >= 0; i--) {
    const t = chain.internalTransactions.at(i)!;
    const to = t.toId !== NONE ? t.toId : t.createdId;
    if (filter === 'from' ? t.fromId === id : filter === 'to' ? to === id : t.fromId === id || to === id)
      out.push(`${chain.transactions.at(t.transaction)!.hash}:${t.index}`);
  }
  return out;
}

export function expectedWithdrawals(chain: Chain, id: number): number[] {
  return [...chain.withdrawals]
    .filter((w) => w.receiverId === id)
    .map((w) => w.index)
    .reverse();
}

const COLLECTION_RANK: Readonly<Record<TokenType, number>> = { 'ERC-721': 0, 'ERC-1155': 1, 'ERC-404': 2, 'ERC-20': 3 };

/**
 * An address's NFT collections as `tokenAddress:amount`, found by replaying every NFT transfer:
 * ERC-721 first, then ERC-1155, then ERC-404, each by token address.
 */
export function expectedNftCollections(chain: Chain, id: number, types?: readonly TokenType[]): string[] {
  const owner = new Map<string, number>();
  const multi = new Map<string, bigint>();
  for (const t of chain.tokenTransfers) {
    const token = chain.accounts[t.tokenId]!.contract!.token!;
    if (token.type === 'ERC-20') continue;
    t.tokenIds!.forEach((nft, i) => {
      if (token.type === 'ERC-1155') {
        for (const [holder, delta] of [
          [t.fromId, -t.amounts[i]!],
          [t.toId, t.amounts[i]!],
        ] as const) {
          if (holder === chain.zeroId) continue;
          const key = `${t.tokenId}:${holder}:${nft}`;
          multi.set(key, (multi.get(key) ?? 0n) + delta);
        }
      } else if (t.toId === chain.zeroId) owner.delete(`${t.tokenId}:${nft}`);
      else owner.set(`${t.tokenId}:${nft}`, t.toId);
    });
  }
  const amounts = new Map<number, bigint>();
  const add = (tokenId: number, amount: bigint) => amounts.set(tokenId, (amounts.get(tokenId) ?? 0n) + amount);
  for (const [key, holder] of owner) {
    if (holder !== id) continue;
    const tokenId = Number(key.split(':')[0]);
    const token = chain.accounts[tokenId]!.contract!.token!;
    add(tokenId, token.type === 'ERC-404' ? 10n ** BigInt(token.decimals) : 1n);
  }
  for (const [key, amount] of multi) {
    const [tokenId, holder] = key.split(':').map(Number) as [number, number];
    if (holder === id && amount > 0n) add(tokenId, amount);
  }
  const typeOf = (tokenId: number) => chain.accounts[tokenId]!.contract!.token!.type;
  return [...amounts]
    .filter(([tokenId]) => !types || types.includes(typeOf(tokenId)))
    .sort(
      ([a], [b]) =>
        COLLECTION_RANK[typeOf(a)] - COLLECTION_RANK[typeOf(b)] ||
        (chain.accounts[a]!.lower < chain.accounts[b]!.lower ? -1 : 1),
    )
    .map(([tokenId, amount]) => `${chain.accounts[tokenId]!.hash}:${amount}`);
}
