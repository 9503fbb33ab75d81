/** Blockscout's internal transactions, withdrawals and logs: `schemas/api/v2/internal_transaction.ex`, `withdrawal.ex`. */
import { z } from 'zod';
import { addressRef } from './address.js';
import { fullHash, integer, integerString, timestamp } from './general.js';

export const internalTransaction = z
  .strictObject({
    error: z.string().nullable(),
    success: z.boolean(),
    type: z.enum([
      'call',
      'delegatecall',
      'staticcall',
      'callcode',
      'create',
      'create2',
      'selfdestruct',
      'reward',
      'stop',
    ]),
    transaction_hash: fullHash,
    transaction_index: integer,
    from: addressRef,
    to: addressRef.nullable(),
    created_contract: addressRef.nullable(),
    value: integerString,
    block_number: integer,
    timestamp,
    index: integer,
    gas_limit: integerString.nullable(),
  })
  .meta({ id: 'BlockscoutInternalTransaction' });

const withdrawalFields = { index: integer, validator_index: integer, amount: integerString };

/** `Withdrawal` has one schema whose optional keys depend on the list: all of them chain-wide… */
export const withdrawal = z
  .strictObject({ ...withdrawalFields, block_number: integer, receiver: addressRef, timestamp })
  .meta({ id: 'BlockscoutWithdrawal' });
/** …no block in a block's list… */
export const blockWithdrawal = z
  .strictObject({ ...withdrawalFields, receiver: addressRef })
  .meta({ id: 'BlockscoutBlockWithdrawal' });
/** …and no receiver in an address's. */
export const addressWithdrawal = z
  .strictObject({ ...withdrawalFields, block_number: integer, timestamp })
  .meta({ id: 'BlockscoutAddressWithdrawal' });
