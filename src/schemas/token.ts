import { z } from 'zod';
import { addressHash, decimal, wei } from './formats.js';

export const tokenType = z.enum(['ERC-20', 'ERC-721', 'ERC-1155', 'ERC-404']);

export const token = z
  .strictObject({
    address_hash: addressHash,
    name: z.string(),
    symbol: z.string(),
    decimals: wei,
    type: tokenType,
    holders_count: wei,
    exchange_rate: decimal,
    total_supply: wei,
    circulating_market_cap: decimal,
    icon_url: z.string().nullable(),
  })
  .meta({ id: 'Token' });
