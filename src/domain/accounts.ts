import { firstWhere } from '../chain/search.js';
import { type Account, type AccountId, type Chain, NONE } from '../chain/types.js';
import { authorizationNoncesAt } from './delegations.js';
import type { Facts } from './facts.js';

/** Which of an address's transactions a list shows: those it sent (`from`), received or created (`to`), or both. */
export type Direction = 'from' | 'to' | undefined;

/** An address's transactions in one direction, in chain order (the explorer's `filter=to|from`, Etherscan's `filterby`). */
export function transactionsInDirection(chain: Chain, id: AccountId, direction: Direction): Int32Array {
  const index = chain.indexes.at(id)!;
  return direction === 'to' ? index.transactionsTo : direction === 'from' ? index.transactionsFrom : index.transactions;
}

/** Whether the account has code now (a failed creation never had any). */
export const hasCode = (account: Account): boolean =>
  account.contract !== null && account.contract.creationStatus !== 'failed';

export const isVerified = (account: Account): boolean => hasCode(account) && account.contract!.verification !== 'none';

/** The kind of proxy an account is, in the explorer's words; null for anything else. */
export type ProxyKind = 'eip1967' | 'eip1167';

export const proxyKindOf = (account: Account): ProxyKind | null =>
  account.contract?.kind === 'transparent-proxy'
    ? 'eip1967'
    : account.contract?.kind === 'minimal-proxy'
      ? 'eip1167'
      : null;

/** The contract a proxy delegates to: its id, address and name; null for anything else. */
export function implementationOf(
  chain: Chain,
  account: Account,
): { readonly id: AccountId; readonly address: string; readonly name: string | null } | null {
  const implementationId = account.contract?.implementationId ?? NONE;
  if (implementationId === NONE) return null;
  const implementation = chain.accounts[implementationId]!;
  return { id: implementationId, address: implementation.hash, name: implementation.contract?.name ?? null };
}

/** The account of a lower-case address, or undefined when the chain has never seen it. */
export const accountIdOf = (chain: Chain, lower: string): AccountId | undefined => chain.accountByHash.get(lower);

/** The account an ENS name (any case) resolves to: the one holding it as its name. */
export const accountIdOfEnsName = (facts: Facts, name: string): AccountId | undefined =>
  facts.memo
    .get('accounts-by-ens-name', () => {
      const byName = new Map<string, AccountId>();
      for (const [id, account] of facts.chain.accounts.entries())
        if (account.ensName) byName.set(account.ensName.toLowerCase(), id);
      return byName;
    })
    .get(name.toLowerCase());

/** How many transactions `id` sent in blocks up to `height`, and authorizations of its that applied (EIP-7702): its nonce once `height` is sealed. */
export function nonceAt(facts: Facts, id: AccountId, height: number): number {
  const sent = facts.chain.indexes.at(id)!.transactionsFrom;
  return (
    firstWhere(sent.length, (i) => facts.chain.transactions.at(sent[i]!)!.block > height) +
    authorizationNoncesAt(facts, id, height)
  );
}
