/** Blockscout's blocks: `schemas/api/v2/block.ex` (`Block.Common`) and `block/response.ex`. */
import { z } from 'zod';
import { addressRef } from './address.js';
import { fullHash, hexString, integer, integerString, timestamp } from './general.js';

const blockFields = {
  height: integer,
  timestamp,
  transactions_count: integer,
  internal_transactions_count: integer.nullable(),
  miner: addressRef,
  size: integer.nullable(),
  hash: fullHash,
  parent_hash: fullHash,
  difficulty: integerString.nullable(),
  total_difficulty: integerString.nullable(),
  gas_used: integerString,
  gas_limit: integerString,
  nonce: hexString,
  base_fee_per_gas: integerString.nullable(),
  burnt_fees: integerString.nullable(),
  priority_fee: integerString.nullable(),
  uncles_hashes: z.array(z.strictObject({ hash: fullHash })),
  gas_target_percentage: z.number(),
  gas_used_percentage: z.number(),
  burnt_fees_percentage: z.number().nullable(),
  type: z.enum(['block', 'uncle', 'reorg']),
  transaction_fees: integerString,
  withdrawals_count: integer.nullable(),
  is_pending_update: z.boolean().nullable(),
  // An Ethereum explorer's blob fields (`ethereum_view.ex`): on every block of a chain with blobs.
  blob_transactions_count: integer.optional(),
  blob_gas_used: integerString.optional(),
  excess_blob_gas: integerString.optional(),
};

/** A block in a list: reward types machine-readable; uncles, internal and withdrawal counts not loaded. */
export const block = z
  .strictObject({
    ...blockFields,
    uncles_hashes: z.tuple([]),
    internal_transactions_count: z.null(),
    withdrawals_count: z.null(),
    // The same extension's deposits count, not loaded in lists.
    beacon_deposits_count: z.null().optional(),
    rewards: z.array(z.strictObject({ reward: integerString, type: z.enum(['emission_funds', 'uncle', 'validator']) })),
  })
  .meta({ id: 'BlockscoutBlock' });

/** `Block.Response`: the detail, with human reward labels. */
export const blockDetail = z
  .strictObject({
    ...blockFields,
    rewards: z.array(z.strictObject({ reward: integerString, type: z.string() })),
    // The detail's own blob fields: its blob transactions' blob gas price (null without any) and the blob fees they burnt.
    blob_gas_price: integerString.nullable().optional(),
    burnt_blob_fees: integerString.optional(),
    // Its beacon deposits (EIP-6110), counted in the detail by the same extension.
    beacon_deposits_count: integer.optional(),
  })
  .meta({ id: 'BlockscoutBlockResponse' });
