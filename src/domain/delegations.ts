import { createHash } from 'node:crypto';
import { firstWhere } from '../chain/search.js';
import { type Account, type AccountId, type Authorization, type Chain, NONE } from '../chain/types.js';
import { delegationDesignator } from '../protocol/authorization.js';
import type { Facts } from './facts.js';

/** The rows of `chain.authorizations` of one transaction: `[start, end)`. */
export function authorizationRangeOf(chain: Chain, transaction: number): readonly [number, number] {
  const table = chain.authorizations;
  const start = firstWhere(table.length, (i) => table.at(i)!.transaction >= transaction);
  const end = firstWhere(table.length, (i) => table.at(i)!.transaction > transaction);
  return [start, end];
}

/** A transaction's authorizations (EIP-7702), in its list's order. */
export function authorizationsOf(chain: Chain, transaction: number): Authorization[] {
  const [start, end] = authorizationRangeOf(chain, transaction);
  const list: Authorization[] = [];
  for (let i = start; i < end; i++) list.push(chain.authorizations.at(i)!);
  return list;
}

/** Per authority, the authorizations that applied, in chain order (made once per chain). */
function appliedByAuthority(facts: Facts): ReadonlyMap<AccountId, readonly Authorization[]> {
  return facts.memo.get('authorizations-applied', () => {
    const byAuthority = new Map<AccountId, Authorization[]>();
    for (let i = 0; i < facts.chain.authorizations.length; i++) {
      const a = facts.chain.authorizations.at(i)!;
      if (a.status !== 'ok') continue;
      const list = byAuthority.get(a.authorityId);
      if (list) list.push(a);
      else byAuthority.set(a.authorityId, [a]);
    }
    return byAuthority;
  });
}

/** The authorizations of `id` that applied in blocks up to `height`. */
function appliedUpTo(facts: Facts, id: AccountId, height: number): readonly Authorization[] {
  const applied = appliedByAuthority(facts).get(id) ?? [];
  return applied.slice(
    0,
    firstWhere(applied.length, (i) => applied[i]!.block > height),
  );
}

/** How many of `id`'s authorizations applied in blocks up to `height`: each took one of its nonces. */
export const authorizationNoncesAt = (facts: Facts, id: AccountId, height: number): number =>
  appliedUpTo(facts, id, height).length;

/** The account whose code `id` runs once block `height` is sealed (EIP-7702), or null when it delegates to none. */
export function delegateAt(facts: Facts, id: AccountId, height: number): AccountId | null {
  const applied = appliedUpTo(facts, id, height);
  const last = applied[applied.length - 1];
  return last === undefined || last.delegateId === facts.chain.zeroId ? null : last.delegateId;
}

/** The account whose code `id` runs at the head, or null. */
export const delegateOf = (facts: Facts, id: AccountId): AccountId | null =>
  delegateAt(facts, id, facts.chain.headHeight);

/** The code of a delegated account once block `height` is sealed (its delegation designator), or null when it delegates to none. */
export function delegatedCodeAt(facts: Facts, id: AccountId, height: number): `0x${string}` | null {
  const delegate = delegateAt(facts, id, height);
  return delegate === null ? null : delegationDesignator(facts.chain.accounts[delegate]!.lower);
}

/** Every account delegated at the head, with its delegate, in account order. */
export function delegatedAccounts(facts: Facts): ReadonlyMap<AccountId, AccountId> {
  return facts.memo.get('delegated-accounts', () => {
    const delegated = new Map<AccountId, AccountId>();
    for (const id of [...appliedByAuthority(facts).keys()].sort((a, b) => a - b)) {
      const delegate = delegateOf(facts, id);
      if (delegate !== null) delegated.set(id, delegate);
    }
    return delegated;
  });
}

/**
 * An authorization's signature: the one sent, or on a generated transaction a commitment to the
 * transaction's hash and the authorization's position (the chain signs nothing), s in the lower
 * half of the curve order as signers make it.
 */
export function authorizationSignatureOf(
  chain: Chain,
  authorization: Authorization,
): { readonly yParity: number; readonly r: bigint; readonly s: bigint } {
  const transaction = chain.transactions.at(authorization.transaction)!;
  const sent = transaction.signed?.authorizationList?.[authorization.index];
  if (sent) return { yParity: sent.yParity, r: sent.r, s: sent.s };
  const digest = (label: string) =>
    createHash('sha256').update(`authorization:${label}:${transaction.hash}:${authorization.index}`).digest('hex');
  const r = BigInt(`0x${digest('r')}`);
  const s = BigInt(`0x0${digest('s').slice(1)}`);
  return { yParity: Number.parseInt(digest('v').slice(-1), 16) & 1, r, s };
}

/** Whether an account has code at the head: a live contract's, or a delegated EOA's designator (EIP-7702), as `is_contract` says. */
export const hasCodeNow = (facts: Facts, account: Account): boolean =>
  account.contract ? account.contract.creationStatus !== 'failed' : delegateOf(facts, account.id) !== null;

/**
 * The code an account runs on behalf of another, as the proxy fields name it: a proxy's
 * implementation, or a delegated EOA's delegate (EIP-7702); null for anything else.
 */
export function codeSourceOf(
  facts: Facts,
  account: Account,
): { readonly id: AccountId; readonly address: string; readonly name: string | null } | null {
  const id = account.contract ? account.contract.implementationId : (delegateOf(facts, account.id) ?? NONE);
  if (id === NONE) return null;
  const code = facts.chain.accounts[id]!;
  return { id, address: code.hash, name: code.contract?.name ?? null };
}
