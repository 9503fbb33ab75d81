/** Blockscout's transactions and token transfers: `schemas/api/v2/transaction.ex`, `transaction/fee.ex`, `token_transfer.ex`, `signed_authorization.ex`. */
import { z } from 'zod';
import { addressRef } from './address.js';
import {
  addressHash,
  decodedInput,
  floatString,
  fullHash,
  hexString,
  integer,
  integerString,
  timestamp,
  tokenType,
} from './general.js';
import { token } from './token.js';
import { tokenInstance } from './tokenInstance.js';

const totalFungible = z.strictObject({ value: integerString.nullable(), decimals: integerString.nullable() });
const totalErc721 = z.strictObject({ token_id: integerString.nullable(), token_instance: tokenInstance.nullable() });
const totalErc1155 = z.strictObject({
  token_id: integerString.nullable(),
  value: integerString.nullable(),
  decimals: integerString.nullable(),
  token_instance: tokenInstance.nullable(),
});

/** A token transfer's `total`, by token type (`TokenTransfer.Total*`). */
export const tokenTransferTotal = z.union([totalErc1155, totalErc721, totalFungible]);

export const tokenTransfer = z
  .strictObject({
    transaction_hash: fullHash,
    from: addressRef,
    to: addressRef,
    total: tokenTransferTotal.nullable(),
    token,
    type: z.enum(['token_burning', 'token_minting', 'token_spawning', 'token_transfer']),
    timestamp: timestamp.nullable(),
    method: z.string().nullable(),
    block_hash: fullHash,
    block_number: integer,
    log_index: integer,
    token_type: tokenType,
  })
  .meta({ id: 'BlockscoutTokenTransfer' });

const signedAuthorization = z.strictObject({
  address_hash: addressHash,
  chain_id: z.number().int(),
  nonce: integerString,
  r: integerString,
  s: integerString,
  v: z.number().int(),
  authority: addressHash.nullable(),
  status: z.enum(['ok', 'invalid_chain_id', 'invalid_signature', 'invalid_nonce']).nullable(),
});

const transactionFields = {
  hash: fullHash,
  result: z.string(),
  status: z.enum(['ok', 'error']).nullable(),
  block_number: integer.nullable(),
  timestamp: timestamp.nullable(),
  from: addressRef,
  /** The explorer's schema does not mark `to` nullable, but its view sends null for a creation. */
  to: addressRef.nullable(),
  created_contract: addressRef.nullable(),
  confirmations: integer,
  confirmation_duration: z.array(z.number().nonnegative()).max(2),
  value: integerString,
  fee: z.strictObject({ type: z.enum(['maximum', 'actual']), value: integerString.nullable() }),
  gas_price: integerString.nullable(),
  type: z.number().int().nullable(),
  gas_used: integerString.nullable(),
  gas_limit: integerString,
  max_fee_per_gas: integerString.nullable(),
  max_priority_fee_per_gas: integerString.nullable(),
  base_fee_per_gas: integerString.nullable(),
  priority_fee: integerString.nullable(),
  transaction_burnt_fee: integerString.nullable(),
  nonce: integer,
  position: integer.nullable(),
  revert_reason: z
    .union([decodedInput, z.strictObject({ raw: z.union([hexString, z.string()]).nullable() })])
    .nullable(),
  raw_input: hexString,
  decoded_input: decodedInput.nullable(),
  token_transfers: z.array(tokenTransfer).nullable(),
  token_transfers_overflow: z.boolean().nullable(),
  exchange_rate: floatString.nullable(),
  historic_exchange_rate: floatString.nullable(),
  method: z.string().nullable(),
  transaction_types: z.array(
    z.enum([
      'token_transfer',
      'contract_creation',
      'contract_call',
      'token_creation',
      'coin_transfer',
      'blob_transaction',
      'set_code_transaction',
    ]),
  ),
  transaction_tag: z.string().nullable(),
  has_error_in_internal_transactions: z.boolean().nullable(),
  authorization_list: z.array(signedAuthorization).nullable(),
  is_pending_update: z.boolean().nullable(),
  fhe_operations_count: integer,
  // A blob transaction's fields (`ethereum_view.ex`): on type 3 only.
  max_fee_per_blob_gas: integerString.optional(),
  blob_versioned_hashes: z.array(fullHash).optional(),
  blob_gas_used: integerString.optional(),
  blob_gas_price: integerString.optional(),
  burnt_blob_fee: integerString.optional(),
};

/** `Transaction` as lists send it: no token transfers, the revert reason raw. */
export const transaction = z
  .strictObject({
    ...transactionFields,
    token_transfers: z.null(),
    token_transfers_overflow: z.null(),
    revert_reason: z.strictObject({ raw: z.union([hexString, z.string()]).nullable() }).nullable(),
  })
  .meta({ id: 'BlockscoutTransaction' });

/** `Transaction.Response`: the detail, with up to ten token transfers and the revert reason decoded. */
export const transactionDetail = z
  .strictObject({ ...transactionFields, token_transfers: z.array(tokenTransfer).max(10).nullable() })
  .meta({ id: 'BlockscoutTransactionResponse' });
