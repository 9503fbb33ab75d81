import { z } from 'zod';
import { addressRef } from './address.js';
import { addressHash, hash32, hexBytes, nonNegativeInteger, decimal, timestamp, wei } from './formats.js';
import { tokenTransfer } from './tokenTransfer.js';

export const fee = z.strictObject({ type: z.enum(['maximum', 'actual']), value: wei }).meta({ id: 'Fee' });

export const decodedInputParameter = z
  .strictObject({ name: z.string(), type: z.string(), value: z.string() })
  .meta({ id: 'DecodedInputParameter' });

export const decodedInput = z
  .strictObject({
    method_call: z.string(),
    method_id: z.string().regex(/^0x[0-9a-f]{8}$/),
    parameters: z.array(decodedInputParameter),
  })
  .meta({ id: 'DecodedInput' });

const liquidationCall = z.strictObject({
  protocol: z.string(),
  type: z.literal('liquidation_call'),
  data: z.strictObject({
    debt_amount: decimal,
    debt_symbol: z.string(),
    debt_address: addressHash,
    collateral_amount: decimal,
    collateral_symbol: z.string(),
    collateral_address: addressHash,
    block_number: nonNegativeInteger,
  }),
});
const otherAction = z.strictObject({
  protocol: z.string(),
  type: z.string().refine((t) => t !== 'liquidation_call'),
  data: z.record(z.string(), z.unknown()),
});

/** A decoded protocol action; the data of `liquidation_call` is fixed, other types' data is free. */
export const action = z.union([liquidationCall, otherAction]).meta({ id: 'Action' });

export const transactionType = z.enum([
  'token_transfer',
  'contract_creation',
  'contract_call',
  'token_creation',
  'coin_transfer',
]);

export const transaction = z
  .strictObject({
    hash: hash32,
    timestamp,
    block_number: nonNegativeInteger,
    position: nonNegativeInteger,
    nonce: nonNegativeInteger,
    type: nonNegativeInteger,
    status: z.enum(['ok', 'error']),
    method: z.string().nullable(),
    result: z.string(),
    revert_reason: z.string().nullable(),
    confirmations: nonNegativeInteger,
    confirmation_duration: z.tuple([z.number(), z.number()]),
    fee,
    gas_limit: nonNegativeInteger,
    gas_used: wei,
    gas_price: wei,
    base_fee_per_gas: wei,
    max_fee_per_gas: wei.nullable(),
    max_priority_fee_per_gas: wei.nullable(),
    priority_fee: wei,
    transaction_burnt_fee: wei,
    exchange_rate: decimal,
    value: wei,
    from: addressRef,
    to: addressRef.nullable(),
    created_contract: addressRef.nullable(),
    raw_input: hexBytes,
    decoded_input: decodedInput.nullable(),
    token_transfers: z.array(tokenTransfer).max(10),
    token_transfers_overflow: z.boolean(),
    transaction_types: z.array(transactionType),
    has_error_in_internal_transactions: z.boolean(),
    actions: z.array(action),
    transaction_tag: z.string().nullable(),
  })
  .meta({ id: 'Transaction' });
