import type { AccountId } from '../chain/types.js';
import { nftMetadataOf, nftOwnerOf, tokenOf } from '../domain/tokens.js';
import type { Shape } from '../profiles/shapes.js';
import type { Profile } from '../schemas/profile.js';
import { addressRef } from './addressRef.js';
import { cachedJson, type ViewContext } from './context.js';
import { token } from './token.js';

/** Fields every token instance shows; the owner is the NFT's owner, or the holder for ERC-1155. */
function instanceFields<P extends Profile>(ctx: ViewContext<P>, tokenId: AccountId, id: bigint, holderId: AccountId) {
  const type = tokenOf(ctx.facts, tokenId).type;
  const ownerId = type === 'ERC-1155' ? holderId : (nftOwnerOf(ctx.facts, tokenId, id) ?? holderId);
  const { animation_url, ...metadata } = nftMetadataOf(ctx.facts, tokenId, id, ctx.origin());
  return {
    id: String(id),
    is_unique: type !== 'ERC-1155',
    holder_address_hash: ctx.chain.accounts[holderId]!.hash,
    image_url: metadata.image_url,
    animation_url,
    external_app_url: metadata.external_url,
    metadata,
    owner: addressRef(ctx, ownerId),
  };
}

/** A token instance (as a token balance row or an NFT's own page shows it). */
export const tokenInstanceOut = <P extends Profile>(
  ctx: ViewContext<P>,
  tokenId: AccountId,
  id: bigint,
  holderId: AccountId,
): Shape<P, 'tokenInstance'> =>
  ctx.format.tokenInstance({ ...instanceFields(ctx, tokenId, id, holderId), token: token(ctx, tokenId) });

/** A token instance inside an NFT collection: no token object, but its type and the amount held. */
export const collectionInstanceOut = <P extends Profile>(
  ctx: ViewContext<P>,
  tokenId: AccountId,
  id: bigint,
  holderId: AccountId,
  value: bigint,
): Shape<P, 'collectionInstance'> =>
  ctx.format.collectionInstance({
    ...instanceFields(ctx, tokenId, id, holderId),
    token: null,
    token_type: tokenOf(ctx.facts, tokenId).type,
    value: String(value),
  });

/** `/tokens/{h}/instances/{id}` and the items of `/tokens/{h}/instances`. */
export const tokenInstanceJson = (ctx: ViewContext, tokenId: AccountId, id: bigint, holderId: AccountId): string =>
  cachedJson(ctx, `instance:${tokenId}:${id}`, () => tokenInstanceOut(ctx, tokenId, id, holderId));

/** An item of `/addresses/{h}/nft`: a collection instance with its token. */
export const heldNftJson = (
  ctx: ViewContext,
  holderId: AccountId,
  tokenId: AccountId,
  id: bigint,
  value: bigint,
): string =>
  cachedJson(ctx, `held-nft:${holderId}:${tokenId}:${id}`, () => ({
    ...collectionInstanceOut(ctx, tokenId, id, holderId, value),
    token: token(ctx, tokenId),
  }));
