import { allowanceSlot } from '../chain/allowanceSlot.js';
import { storageWriteOf } from './storage.js';
import { logBlockOf } from '../chain/logs.js';
import type { AccountId } from '../chain/types.js';
import type { Facts } from './facts.js';
import { logEventOf } from './logs.js';
import { tokenOf, transfersOfToken } from './tokens.js';

/** The units one NFT of an ERC-404 moves (10^decimals); 1 for an ERC-721. */
const unitOf = (facts: Facts, tokenId: AccountId): bigint => {
  const token = tokenOf(facts, tokenId);
  return token.type === 'ERC-404' ? 10n ** BigInt(token.decimals) : 1n;
};

/**
 * A holder's balance of a token after each block that changed it (an ERC-1155 one: of `nftId`):
 * parallel lists of blocks and balances, replayed once from its token transfers.
 */
function tokenBalanceSteps(
  facts: Facts,
  tokenId: AccountId,
  holder: AccountId,
  nftId: bigint | undefined,
): { readonly blocks: number[]; readonly balances: bigint[] } {
  return facts.memo.get(`token-balance-steps:${tokenId}:${holder}:${nftId ?? ''}`, () => {
    const { chain } = facts;
    const type = tokenOf(facts, tokenId).type;
    const blocks: number[] = [];
    const balances: bigint[] = [];
    let balance = 0n;
    for (const t of chain.indexes.at(holder)!.tokenTransfers) {
      const transfer = chain.tokenTransfers.at(t)!;
      if (transfer.tokenId !== tokenId) continue;
      const sign = (transfer.toId === holder ? 1n : 0n) - (transfer.fromId === holder ? 1n : 0n);
      if (sign === 0n) continue;
      if (type === 'ERC-20') balance += sign * transfer.amounts[0]!;
      else if (type === 'ERC-1155')
        transfer.tokenIds!.forEach((id, k) => {
          if (id === nftId) balance += sign * transfer.amounts[k]!;
        });
      else if (transfer.tokenIds) balance += sign * BigInt(transfer.tokenIds.length) * unitOf(facts, tokenId);
      if (blocks.at(-1) === transfer.block) balances[balances.length - 1] = balance;
      else {
        blocks.push(transfer.block);
        balances.push(balance);
      }
    }
    return { blocks, balances };
  });
}

/** A holder's balance of a token once block `height` is sealed (for ERC-1155: of `nftId`). */
export function tokenBalanceAt(
  facts: Facts,
  tokenId: AccountId,
  holder: AccountId,
  height: number,
  nftId?: bigint,
): bigint {
  if (holder >= facts.chain.indexes.length) return 0n;
  const { blocks, balances } = tokenBalanceSteps(facts, tokenId, holder, nftId);
  // The last step at or before `height`.
  let lo = 0;
  let hi = blocks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (blocks[mid]! <= height) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? 0n : balances[lo - 1]!;
}

/** Minted minus burnt of a token once block `height` is sealed (for ERC-1155: of `nftId`, when given). */
export function totalSupplyAt(facts: Facts, tokenId: AccountId, height: number, nftId?: bigint): bigint {
  const { chain } = facts;
  const token = tokenOf(facts, tokenId);
  if (height >= chain.headHeight && nftId === undefined) return token.totalSupply;
  let supply = 0n;
  for (const t of transfersOfToken(facts, tokenId)) {
    const transfer = chain.tokenTransfers.at(t)!;
    if (transfer.block > height) break;
    const sign = (transfer.fromId === chain.zeroId ? 1n : 0n) - (transfer.toId === chain.zeroId ? 1n : 0n);
    if (sign === 0n) continue;
    if (token.type === 'ERC-20') supply += sign * transfer.amounts[0]!;
    else if (token.type === 'ERC-1155')
      transfer.tokenIds!.forEach((id, k) => {
        if (nftId === undefined || id === nftId) supply += sign * transfer.amounts[k]!;
      });
    else if (transfer.tokenIds) supply += sign * BigInt(transfer.tokenIds.length) * unitOf(facts, tokenId);
  }
  return supply;
}

/** The last transfer of an NFT up to block `height`, or undefined before its mint. */
export function lastNftTransfer(facts: Facts, tokenId: AccountId, nftId: bigint, height: number): number | undefined {
  const { chain } = facts;
  let last: number | undefined;
  for (const t of transfersOfToken(facts, tokenId)) {
    const transfer = chain.tokenTransfers.at(t)!;
    if (transfer.block > height) break;
    if (transfer.tokenIds?.includes(nftId)) last = t;
  }
  return last;
}

/** The owner of an ERC-721 or ERC-404 NFT once block `height` is sealed: the receiver of its last transfer (the zero address once burnt or never minted). */
export function nftOwnerAt(facts: Facts, tokenId: AccountId, nftId: bigint, height: number): AccountId {
  const last = lastNftTransfer(facts, tokenId, nftId, height);
  return last === undefined ? facts.chain.zeroId : facts.chain.tokenTransfers.at(last)!.toId;
}

/**
 * The arguments of the last event `name` a token emitted up to block `height` whose leading
 * arguments (addresses compared in lower case, ids as numbers) are `keys`; undefined when none
 * did (an undefined key matches any value), or since transaction `after`. Approvals are read this
 * way: `Approval(owner, spender, value)`, `ApprovalForAll(owner, operator, approved)`.
 */
export function lastEventOf(
  facts: Facts,
  emitterId: AccountId,
  name: string,
  keys: readonly (string | bigint | undefined)[],
  height: number,
  after = -1,
): readonly unknown[] | undefined {
  const { chain } = facts;
  const logs = chain.indexes.at(emitterId)!.logs;
  const same = (a: unknown, b: string | bigint | undefined) =>
    b === undefined ||
    (typeof b === 'string'
      ? String(a).toLowerCase() === b
      : typeof a === 'bigint'
        ? a === b
        : BigInt(a as number) === b);
  for (let i = logs.length - 1; i >= 0; i--) {
    const ref = logs[i]!;
    if (ref < 0 || logBlockOf(chain, ref) > height) continue;
    const e = logEventOf(facts, ref);
    if (e.transaction <= after) return undefined;
    if (e.name === name && keys.every((key, k) => same(e.args[k], key))) return e.args;
  }
  return undefined;
}

const MAX_UINT256 = 2n ** 256n - 1n;

/**
 * An ERC-20 allowance once block `height` is sealed: the last `Approval(owner, spender)`, less what
 * the spender moved with `transferFrom` since (the source spends it without a new event; an
 * unlimited allowance is never spent).
 */
export function allowanceAt(facts: Facts, tokenId: AccountId, owner: string, spender: string, height: number): bigint {
  const { chain } = facts;
  const logs = chain.indexes.at(tokenId)!.logs;
  let approved = 0n;
  let since = -1;
  for (let i = logs.length - 1; i >= 0; i--) {
    const ref = logs[i]!;
    if (ref < 0 || logBlockOf(chain, ref) > height) continue;
    const e = logEventOf(facts, ref);
    if (
      e.name === 'Approval' &&
      String(e.args[0]).toLowerCase() === owner &&
      String(e.args[1]).toLowerCase() === spender
    ) {
      approved = BigInt(e.args[2] as bigint);
      since = e.transaction;
      break;
    }
  }
  // An executed contract's transferFrom left the allowance in the token's storage: the later of the two holds.
  const written = storageWriteOf(facts, tokenId, allowanceSlot(owner, spender), height);
  if (written && written.transaction > since) {
    approved = BigInt(written.value);
    since = written.transaction;
  }
  if (since < 0 || approved === MAX_UINT256) return approved;
  const spenderId = chain.accountByHash.get(spender);
  if (spenderId === undefined) return approved;
  for (const t of chain.indexes.at(spenderId)!.transactionsFrom) {
    const tx = chain.transactions.at(t)!;
    if (t <= since || tx.block > height) continue;
    if (tx.toId !== tokenId || tx.status !== 'ok' || tx.call?.functionName !== 'transferFrom') continue;
    if (String(tx.call.args[0]).toLowerCase() === owner) approved -= BigInt(tx.call.args[2] as bigint);
  }
  return approved > 0n ? approved : 0n;
}
