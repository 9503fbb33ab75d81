import { z } from 'zod';
import { addressRef } from './address.js';
import { hash32, hexBytes, nonNegativeInteger, timestamp, wei } from './formats.js';

export const reward = z
  .strictObject({
    reward: z.number().nonnegative(),
    type: z.enum(['Miner Reward', 'Emission Reward', 'Chore Reward', 'Uncle Reward']),
  })
  .meta({ id: 'Reward' });

export const blockType = z.enum(['block', 'uncle', 'reorg']);

export const block = z
  .strictObject({
    hash: hash32,
    parent_hash: hash32,
    height: nonNegativeInteger,
    type: blockType,
    timestamp,
    miner: addressRef,
    nonce: z.string().regex(/^0x[0-9a-f]{16}$/),
    difficulty: wei,
    total_difficulty: wei,
    size: nonNegativeInteger,
    extra_data: hexBytes,
    state_root: hash32,
    gas_limit: wei,
    gas_used: wei,
    gas_used_percentage: z.number().min(0).max(100),
    gas_target_percentage: z.number().min(-100).max(100),
    base_fee_per_gas: wei,
    burnt_fees: wei,
    burnt_fees_percentage: z.number().min(0).max(100).nullable(),
    priority_fee: wei,
    transaction_fees: wei,
    transactions_count: nonNegativeInteger,
    withdrawals_count: nonNegativeInteger,
    uncles_hashes: z.array(hash32),
    rewards: z.array(reward),
  })
  .meta({ id: 'Block' });
