import { type AccountId, NONE } from '../chain/types.js';
import { balanceAt, transactionDelta } from './balances.js';
import type { Facts } from './facts.js';
import { receiverOf } from './transactions.js';

/** One balance a transaction changed: a coin balance, or a token balance (of one id, for ERC-1155). */
export interface StateChange {
  readonly kind: 'coin' | 'token';
  readonly holder: AccountId;
  readonly isMiner: boolean;
  readonly before: bigint;
  readonly change: bigint;
  /** The token contract (token changes). */
  readonly tokenId: AccountId;
  /** The ERC-1155 id, else null. */
  readonly nftId: bigint | null;
}

/** The coin balances (then the token balances) transaction `at` changed, before and after it. */
export const stateChangesOf = (facts: Facts, at: number): readonly StateChange[] =>
  facts.memo.get(`state-changes:${at}`, () => [...coinChanges(facts, at), ...tokenChanges(facts, at)]);

function coinChanges(facts: Facts, at: number): StateChange[] {
  const { chain } = facts;
  const tx = chain.transactions.at(at)!;
  const block = chain.blocks.at(tx.block)!;
  const ids = new Set<number>([tx.fromId, receiverOf(tx), block.minerId]);
  for (let k = tx.internalStart; k < tx.internalStart + tx.internalCount; k++) {
    const it = chain.internalTransactions.at(k)!;
    ids.add(it.fromId);
    ids.add(it.toId !== NONE ? it.toId : it.createdId);
  }
  const out: StateChange[] = [];
  for (const id of ids) {
    if (id === NONE) continue;
    const change = transactionDelta(chain, at, id);
    if (change === 0n) continue;
    let before = tx.block === 0 ? 0n : balanceAt(facts, id, tx.block - 1);
    for (let j = block.transactionStart; j < at; j++) before += transactionDelta(chain, j, id);
    out.push({ kind: 'coin', holder: id, isMiner: id === block.minerId, before, change, tokenId: NONE, nftId: null });
  }
  return out;
}

/** Token balances: the holder's transfers of that token (and id, for ERC-1155) before and in this transaction. */
function tokenChanges(facts: Facts, at: number): StateChange[] {
  const { chain } = facts;
  const tx = chain.transactions.at(at)!;
  const tokens = new Map<
    string,
    { holder: number; tokenId: number; nftId: bigint | null; before: bigint; change: bigint }
  >();
  for (let t = tx.tokenTransferStart; t < tx.tokenTransferStart + tx.tokenTransferCount; t++) {
    const transfer = chain.tokenTransfers.at(t)!;
    const type = chain.accounts[transfer.tokenId]!.contract!.token!.type;
    transfer.amounts.forEach((amount, k) => {
      const nftId = type === 'ERC-1155' ? transfer.tokenIds![k]! : null;
      const units = type === 'ERC-721' ? 1n : amount;
      for (const [holder, sign] of [
        [transfer.fromId, -1n],
        [transfer.toId, 1n],
      ] as const) {
        if (holder === chain.zeroId) continue;
        const key = `${holder}:${transfer.tokenId}:${nftId ?? ''}`;
        let entry = tokens.get(key);
        if (!entry) {
          let before = 0n;
          for (const u of chain.indexes.at(holder)!.tokenTransfers) {
            const other = chain.tokenTransfers.at(u)!;
            if (other.transaction >= at) break;
            if (other.tokenId !== transfer.tokenId) continue;
            other.amounts.forEach((a, j) => {
              if (nftId !== null && other.tokenIds![j] !== nftId) return;
              const n = type === 'ERC-721' ? 1n : a;
              if (other.toId === holder) before += n;
              if (other.fromId === holder) before -= n;
            });
          }
          entry = { holder, tokenId: transfer.tokenId, nftId, before, change: 0n };
          tokens.set(key, entry);
        }
        entry.change += sign * units;
      }
    });
  }
  const lower = (id: number) => chain.accounts[id]!.lower;
  return [...tokens.values()]
    .filter((e) => e.change !== 0n)
    .sort((a, b) =>
      lower(a.holder) < lower(b.holder) ? -1 : lower(a.holder) > lower(b.holder) ? 1 : a.tokenId - b.tokenId,
    )
    .map((e) => ({
      kind: 'token',
      holder: e.holder,
      isMiner: false,
      before: e.before,
      change: e.change,
      tokenId: e.tokenId,
      nftId: e.nftId,
    }));
}
