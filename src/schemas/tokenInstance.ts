import { z } from 'zod';
import { addressRef } from './address.js';
import { addressHash, wei } from './formats.js';
import { token, tokenType } from './token.js';

const instanceFields = {
  id: wei,
  is_unique: z.boolean(),
  holder_address_hash: addressHash,
  image_url: z.string().nullable(),
  animation_url: z.string().nullable(),
  external_app_url: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  owner: addressRef,
};

/** A token instance inside an address's token balance row: with its token. */
export const tokenInstance = z.strictObject({ ...instanceFields, token }).meta({ id: 'TokenInstance' });

/** A token instance inside an NFT collection: no token object, its type and the amount held instead. */
export const collectionTokenInstance = z
  .strictObject({ ...instanceFields, token: z.null(), token_type: tokenType, value: wei })
  .meta({ id: 'CollectionTokenInstance' });

/** A row of `/addresses/{h}/tokens`. */
export const addressTokenBalanceItem = z
  .strictObject({ token_instance: tokenInstance.nullable(), value: wei, token_id: wei.nullable(), token })
  .meta({ id: 'AddressTokenBalanceItem' });

/** A row of `/addresses/{h}/nft/collections`. */
export const nftCollectionItem = z
  .strictObject({ token, amount: wei, token_instances: z.array(collectionTokenInstance).max(9) })
  .meta({ id: 'NftCollectionItem' });
