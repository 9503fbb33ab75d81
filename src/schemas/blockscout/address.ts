/** Blockscout's address objects: `schemas/api/v2/address.ex`, `address/response.ex`, `address/top_address.ex`. */
import { z } from 'zod';
import {
  addressHash,
  floatString,
  fullHash,
  implementation,
  integer,
  integerString,
  metadataTag,
  proxyType,
  tag,
  watchlistName,
} from './general.js';
import { token } from './token.js';

const refFields = {
  hash: addressHash,
  is_contract: z.boolean().nullable(),
  name: z.string().nullable(),
  is_scam: z.boolean(),
  reputation: z.enum(['ok', 'scam']),
  proxy_type: proxyType,
  implementations: z.array(implementation),
  is_verified: z.boolean().nullable(),
  ens_domain_name: z.string().nullable(),
  metadata: z.strictObject({ tags: z.array(metadataTag).max(5) }).nullable(),
  private_tags: z.array(tag),
  watchlist_names: z.array(watchlistName),
  public_tags: z.array(tag),
};

/** `Address`: the reference form of `from`, `to`, `miner`, `owner` and friends. */
export const addressRef = z.strictObject(refFields).meta({ id: 'BlockscoutAddress' });

/** `AddressResponse`: the address detail (also the placeholder of an address never seen). */
export const address = z
  .strictObject({
    ...refFields,
    creator_address_hash: addressHash.nullable(),
    creation_transaction_hash: fullHash.nullable(),
    token: token.nullable(),
    coin_balance: integerString.nullable(),
    exchange_rate: floatString.nullable(),
    block_number_balance_updated_at: integer.nullable(),
    has_validated_blocks: z.boolean(),
    has_logs: z.boolean(),
    has_tokens: z.boolean(),
    has_token_transfers: z.boolean(),
    watchlist_address_id: z.number().int().nullable(),
    has_beacon_chain_withdrawals: z.boolean(),
    creation_status: z.enum(['success', 'failed', 'selfdestructed']).nullable(),
  })
  .meta({ id: 'BlockscoutAddressResponse' });

/** `TopAddress`: an item of `/addresses`. */
export const topAddress = z
  .strictObject({
    ...refFields,
    coin_balance: integerString.nullable(),
    transactions_count: z.union([integerString, z.literal('')]).nullable(),
  })
  .meta({ id: 'BlockscoutTopAddress' });
