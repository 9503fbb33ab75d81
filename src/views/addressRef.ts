import type { AddressRef } from '../schemas/index.js';
import { type Account, type AccountId, NONE, type TagLabel } from '../chain/types.js';
import { cachedObject, type ViewContext } from './context.js';
import * as blockscout from '../profiles/blockscout.js';

const tag = (hash: string) => (t: TagLabel) => ({ address_hash: hash, display_name: t.displayName, label: t.label });
const watch = (t: TagLabel) => ({ display_name: t.displayName, label: t.label });

/** Whether the account has code now (a failed creation never had any). */
export const hasCode = (account: Account): boolean =>
  account.contract !== null && account.contract.creationStatus !== 'failed';
export const isVerified = (account: Account): boolean => hasCode(account) && account.contract!.verification !== 'none';

/** The name of the contract a proxy delegates to, and its address. */
export function implementationOf(ctx: ViewContext, account: Account): { address: string; name: string | null } | null {
  const implementationId = account.contract?.implementationId ?? NONE;
  if (implementationId === NONE) return null;
  const implementation = ctx.chain.accounts[implementationId]!;
  return { address: implementation.hash, name: implementation.contract?.name ?? null };
}

/** The address object (reference form) that `from`, `to`, `miner`, `owner` and friends hold. */
export function addressRefView(ctx: ViewContext, id: AccountId): AddressRef {
  const account = ctx.chain.accounts[id]!;
  return {
    hash: account.hash,
    implementation_name: implementationOf(ctx, account)?.name ?? null,
    name: account.name,
    ens_domain_name: account.ensName,
    ...(account.metadata
      ? {
          metadata: {
            slug: account.metadata.slug,
            name: account.metadata.name,
            tagType: account.metadata.tagType,
            ordinal: account.metadata.ordinal,
            meta: { ...account.metadata.meta },
          },
        }
      : {}),
    is_contract: hasCode(account),
    private_tags: account.privateTags.map(tag(account.hash)),
    watchlist_names: account.watchlistNames.map(watch),
    public_tags: account.publicTags.map(tag(account.hash)),
    is_verified: isVerified(account),
  };
}

/** The memoised address reference, or null for NONE. */
export const addressRef = (ctx: ViewContext, id: AccountId): AddressRef | null =>
  id === NONE
    ? null
    : cachedObject(ctx, `ref:${id}`, () =>
        ctx.profile === 'blockscout'
          ? (blockscout.addressRef(ctx, ctx.chain.accounts[id]!, addressRefView(ctx, id)) as unknown as AddressRef)
          : addressRefView(ctx, id),
      );
