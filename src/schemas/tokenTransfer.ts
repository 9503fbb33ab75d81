import { z } from 'zod';
import { addressRef } from './address.js';
import { hash32, nonNegativeInteger, timestamp, wei } from './formats.js';
import { token } from './token.js';

export const tokenTransfer = z
  .strictObject({
    block_hash: hash32,
    transaction_hash: hash32,
    log_index: nonNegativeInteger,
    method: z.string().nullable(),
    timestamp: timestamp.nullable(),
    from: addressRef,
    to: addressRef,
    token,
    total: z.strictObject({ decimals: wei, value: wei }),
    type: z.enum(['token_transfer', 'token_minting', 'token_burning']),
  })
  .meta({ id: 'TokenTransfer' });
