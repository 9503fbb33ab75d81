import type { AccountId, Holding, NftCollection } from '../chain/types.js';
import type { Holder } from '../domain/tokens.js';
import { addressRef } from './addressRef.js';
import type { ViewContext } from './context.js';
import { token } from './token.js';
import { collectionInstanceOut, tokenInstanceOut } from './tokenInstance.js';

/** Instances an NFT collection item shows, as the explorer does. */
export const INSTANCES_PER_COLLECTION = 9;

/** A row of `/addresses/{h}/tokens`: the token, the value held, and for ERC-1155/404 rows the instance. */
export const tokenBalanceJson = (ctx: ViewContext, holding: Holding, holderId: AccountId): string =>
  JSON.stringify({
    token_instance: holding.nftId === null ? null : tokenInstanceOut(ctx, holding.tokenId, holding.nftId, holderId),
    value: String(holding.value),
    token_id: holding.nftId === null ? null : String(holding.nftId),
    token: token(ctx, holding.tokenId),
  });

/** A row of `/addresses/{h}/nft/collections`: the token, the amount held, and up to 9 instances. */
export const nftCollectionJson = (ctx: ViewContext, collection: NftCollection, holderId: AccountId): string =>
  JSON.stringify({
    token: token(ctx, collection.tokenId),
    amount: String(collection.amount),
    token_instances: collection.instances
      .slice(0, INSTANCES_PER_COLLECTION)
      .map((x) => collectionInstanceOut(ctx, collection.tokenId, x.id, holderId, x.value)),
  });

/** A row of `/tokens/{h}/holders` (`tokenId` null), or of one NFT's `/tokens/{h}/instances/{id}/holders`. */
export const tokenHolderJson = (ctx: ViewContext, holder: Holder, tokenId: bigint | null = null): string =>
  JSON.stringify({
    address: addressRef(ctx, holder.holder),
    value: String(holder.value),
    token_id: tokenId === null ? null : String(tokenId),
  });

/** A row of `/addresses/{h}/token-balances`: as a row of its tokens, without the instance (the explorer leaves it out there). */
export const tokenBalanceRowJson = (ctx: ViewContext, holding: Holding): string =>
  JSON.stringify({
    token_instance: null,
    value: String(holding.value),
    token_id: holding.nftId === null ? null : String(holding.nftId),
    token: token(ctx, holding.tokenId),
  });
