import { z } from 'zod';
import { addressHash, decimal, hash32, nonNegativeInteger, wei } from './formats.js';
import { token } from './token.js';

export const tag = z
  .strictObject({ address_hash: addressHash, display_name: z.string(), label: z.string() })
  .meta({ id: 'Tag' });

export const watchlistName = z
  .strictObject({ display_name: z.string(), label: z.string() })
  .meta({ id: 'WatchlistName' });

export const addressMetadata = z
  .strictObject({
    slug: z.string(),
    name: z.string(),
    tagType: z.string(),
    ordinal: z.number().int(),
    meta: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'AddressMetadata' });

/** The address object (reference form) of `from`, `to`, `miner`, `owner` and friends. */
export const addressRef = z
  .strictObject({
    hash: addressHash,
    implementation_name: z.string().nullable(),
    name: z.string().nullable(),
    ens_domain_name: z.string().nullable().optional(),
    metadata: addressMetadata.optional(),
    is_contract: z.boolean(),
    private_tags: z.array(tag),
    watchlist_names: z.array(watchlistName),
    public_tags: z.array(tag),
    is_verified: z.boolean(),
  })
  .meta({ id: 'AddressRef', description: 'Address object (reference form).' });

const creationStatus = z.enum(['selfdestructed', 'failed', 'success']);

const addressFields = {
  hash: addressHash,
  creator_address_hash: addressHash.nullable(),
  creation_transaction_hash: hash32.nullable(),
  token: token.nullable(),
  /** null only for an address the chain has never seen. */
  coin_balance: wei.nullable(),
  exchange_rate: decimal,
  implementation_address: addressHash.nullable(),
  implementation_name: z.string().nullable(),
  name: z.string().nullable(),
  block_number_balance_updated_at: nonNegativeInteger.nullable(),
  is_contract: z.boolean(),
  is_verified: z.boolean(),
  private_tags: z.array(tag),
  watchlist_names: z.array(watchlistName),
  public_tags: z.array(tag),
  has_beacon_chain_withdrawals: z.boolean(),
  has_logs: z.boolean(),
  has_token_transfers: z.boolean(),
  has_tokens: z.boolean(),
  has_validated_blocks: z.boolean(),
  creation_status: creationStatus.nullable(),
};

/** The full address of the address detail (endpoint 2); also the stub for an unknown address. */
export const address = z
  .strictObject(addressFields)
  .meta({ id: 'Address', description: 'Address (full form), as the address detail returns it.' });

/** An item of the address list (endpoint 1). */
export const addressListItem = z
  .strictObject({ ...addressFields, coin_balance: wei, transactions_count: wei })
  .meta({ id: 'AddressListItem', description: 'Address (full form) with its transaction count.' });
