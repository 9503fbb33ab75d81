/** Blockscout's token instances and NFT lists: `schemas/api/v2/token_instance.ex`, `token_instance_in_list.ex`, `nft_collection.ex`, `address/token_balance.ex`. */
import { z } from 'zod';
import { addressRef } from './address.js';
import { integerString, tokenType } from './general.js';
import { token } from './token.js';

const instanceFields = {
  id: integerString,
  metadata: z.record(z.string(), z.unknown()).nullable(),
  owner: addressRef.nullable(),
  token: token.nullable(),
  external_app_url: z.string().nullable(),
  animation_url: z.string().nullable(),
  image_url: z.string().nullable(),
  is_unique: z.boolean().nullable(),
  thumbnails: z.record(z.string(), z.string()).nullable(),
  media_type: z.string().nullable(),
  media_url: z.string().nullable(),
};

/** `TokenInstance`. */
export const tokenInstance = z
  .strictObject({
    ...instanceFields,
    token_type: tokenType.nullable().optional(),
    value: integerString.nullable().optional(),
  })
  .meta({ id: 'BlockscoutTokenInstance' });

/** `TokenInstanceInList`: with the holder's token type and amount. */
export const tokenInstanceInList = z
  .strictObject({ ...instanceFields, token_type: tokenType, value: integerString.nullable() })
  .meta({ id: 'BlockscoutTokenInstanceInList' });

/** `NFTCollection`: a row of `/addresses/{h}/nft/collections`. */
export const nftCollection = z
  .strictObject({ token, amount: integerString.nullable(), token_instances: z.array(tokenInstanceInList) })
  .meta({ id: 'BlockscoutNFTCollection' });

/** `Address.TokenBalance`: a row of `/addresses/{h}/tokens` and `/token-balances`. */
export const tokenBalance = z
  .strictObject({
    value: integerString,
    token: token.nullable(),
    token_id: integerString.nullable(),
    token_instance: tokenInstance.nullable(),
  })
  .meta({ id: 'BlockscoutTokenBalance' });
