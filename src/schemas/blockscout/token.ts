/** Blockscout's token objects: `schemas/api/v2/token.ex`, `token_instance.ex`, `token_instance_in_list.ex`, `nft_collection.ex`. */
import { z } from 'zod';
import { addressHash, floatString, integerString, tokenType } from './general.js';

export const token = z
  .strictObject({
    address_hash: addressHash,
    symbol: z.string().nullable(),
    name: z.string().nullable(),
    decimals: integerString.nullable(),
    type: tokenType.nullable(),
    holders_count: integerString.nullable(),
    exchange_rate: floatString.nullable(),
    volume_24h: floatString.nullable(),
    total_supply: integerString.nullable(),
    icon_url: z.string().nullable(),
    circulating_market_cap: floatString.nullable(),
    circulating_supply: floatString.nullable(),
    reputation: z.enum(['ok', 'scam']).nullable(),
  })
  .meta({ id: 'BlockscoutToken' });
