import type { Profile } from './context.js';

type Json = Record<string, any>;

/**
 * A transaction as the explorer shows it while pending (`transaction_view.ex` with no block): no
 * status, block, position or timestamp; `result: "pending"`; no gas used, no fees paid yet (`fee`
 * is the maximum, gas limit times the price offered); no token transfers; `confirmations: 0`.
 */
export function pendingForm(mined: Json, profile: Profile, detail: boolean): Json {
  const price = mined.max_fee_per_gas ?? mined.gas_price;
  const pending: Json = {
    ...mined,
    status: null,
    block_number: null,
    timestamp: null,
    position: null,
    result: 'pending',
    confirmations: 0,
    confirmation_duration: [],
    gas_used: null,
    gas_price: price,
    base_fee_per_gas: null,
    priority_fee: null,
    transaction_burnt_fee: null,
    fee: { type: 'maximum', value: String(BigInt(mined.gas_limit) * BigInt(price)) },
    created_contract: null,
    revert_reason: null,
    token_transfers: detail ? [] : null,
    token_transfers_overflow: detail ? false : null,
    transaction_types: (mined.transaction_types as string[]).filter((t) => t !== 'token_transfer'),
    has_error_in_internal_transactions: null,
  };
  if (profile === 'spec')
    Object.assign(pending, {
      actions: [],
      token_transfers: [],
      token_transfers_overflow: false,
      transaction_tag: null,
    });
  else Object.assign(pending, { historic_exchange_rate: null, is_pending_update: null });
  return pending;
}
