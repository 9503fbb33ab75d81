import { z } from 'zod';
import { addressRef } from './address.js';
import { hash32, nonNegativeInteger, timestamp, wei } from './formats.js';

export const internalTransaction = z
  .strictObject({
    transaction_hash: hash32,
    block_number: nonNegativeInteger,
    index: nonNegativeInteger,
    timestamp,
    type: z.enum(['call', 'delegatecall', 'staticcall', 'create', 'create2', 'selfdestruct']),
    success: z.boolean(),
    error: z.string().nullable(),
    from: addressRef,
    to: addressRef.nullable(),
    created_contract: addressRef.nullable(),
    gas_limit: wei,
    value: wei,
  })
  .meta({ id: 'InternalTransaction' });
