import type { CollectionTokenInstance, TokenInstance } from '../schemas/index.js';
import * as blockscout from '../profiles/blockscout.js';
import type { AccountId } from '../chain/types.js';
import { addressRef } from './addressRef.js';
import { cachedObject, type ViewContext } from './context.js';
import { heavy } from '../domain/lazyModules.js';
import { token } from './token.js';

/** The off-chain metadata of an NFT, drawn from its token and id (memoised). */
const nftMetadata = (ctx: ViewContext, tokenId: AccountId, id: bigint) => {
  const account = ctx.chain.accounts[tokenId]!;
  return cachedObject(ctx, `nft:${account.lower}:${id}`, () =>
    heavy.nftMetadata.get().nftMetadata(ctx.chain.seed, account, id),
  );
};

/** Fields every token instance shows; the owner is the NFT's owner, or the holder for ERC-1155. */
function instanceFields(ctx: ViewContext, tokenId: AccountId, id: bigint, holderId: AccountId) {
  const type = ctx.chain.accounts[tokenId]!.contract!.token!.type;
  const ownerId = type === 'ERC-1155' ? holderId : (ctx.chain.nftOwners.get(`${tokenId}:${id}`) ?? holderId);
  const { animation_url, ...metadata } = nftMetadata(ctx, tokenId, id);
  return {
    id: String(id),
    is_unique: type !== 'ERC-1155',
    holder_address_hash: ctx.chain.accounts[holderId]!.hash,
    image_url: metadata.image_url,
    animation_url,
    external_app_url: metadata.external_url,
    metadata,
    owner: addressRef(ctx, ownerId)!,
  };
}

/** A token instance inside an address's token balance row. */
export function tokenInstanceView(
  ctx: ViewContext,
  tokenId: AccountId,
  id: bigint,
  holderId: AccountId,
): TokenInstance {
  const spec = { ...instanceFields(ctx, tokenId, id, holderId), token: token(ctx, tokenId) };
  return ctx.profile === 'blockscout' ? (blockscout.tokenInstance(spec) as unknown as TokenInstance) : spec;
}

/** A token instance inside an NFT collection: no token object, but its type and the amount held. */
export function collectionInstanceView(
  ctx: ViewContext,
  tokenId: AccountId,
  id: bigint,
  holderId: AccountId,
  value: bigint,
): CollectionTokenInstance {
  const spec = {
    ...instanceFields(ctx, tokenId, id, holderId),
    token: null,
    token_type: ctx.chain.accounts[tokenId]!.contract!.token!.type,
    value: String(value),
  };
  return ctx.profile === 'blockscout' ? (blockscout.tokenInstance(spec) as unknown as CollectionTokenInstance) : spec;
}
