import type { AddressRef } from '../schemas/index.js';
import type { Profile } from '../schemas/profile.js';
import type { Ref } from '../profiles/shapes.js';
import { type AccountId, NONE, type TagLabel } from '../chain/types.js';
import { isVerified } from '../domain/accounts.js';
import { codeSourceOf, hasCodeNow } from '../domain/delegations.js';
import { cachedObject, type ViewContext } from './context.js';

const tag = (hash: string) => (t: TagLabel) => ({ address_hash: hash, display_name: t.displayName, label: t.label });
const watch = (t: TagLabel) => ({ display_name: t.displayName, label: t.label });

/** The spec's address reference: what `from`, `to`, `miner`, `owner` and friends hold. */
export function addressRefForm(ctx: ViewContext, id: AccountId): AddressRef {
  const account = ctx.chain.accounts[id]!;
  return {
    hash: account.hash,
    implementation_name: codeSourceOf(ctx.facts, account)?.name ?? null,
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
    is_contract: hasCodeNow(ctx.facts, account),
    private_tags: account.privateTags.map(tag(account.hash)),
    watchlist_names: account.watchlistNames.map(watch),
    public_tags: account.publicTags.map(tag(account.hash)),
    is_verified: isVerified(account),
  };
}

/** The profile's address reference of an account (memoised). */
export const addressRef = <P extends Profile>(ctx: ViewContext<P>, id: AccountId): Ref<P> =>
  cachedObject(ctx, `ref:${id}`, () =>
    ctx.format.addressRef(ctx.facts, ctx.chain.accounts[id]!, addressRefForm(ctx, id)),
  );

/** The reference of an account, or null for NONE. */
export const addressRefOrNull = <P extends Profile>(ctx: ViewContext<P>, id: AccountId): Ref<P> | null =>
  id === NONE ? null : addressRef(ctx, id);
