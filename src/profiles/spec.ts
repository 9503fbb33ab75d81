import type * as S from '../schemas/index.js';
import type { ProfileFormat } from './profileFormat.js';
import type { Shape } from './shapes.js';

/**
 * What every profile sets on a pending transaction (`transaction_view.ex` with no block): no
 * status, block, position or timestamp; `result: "pending"`; no gas used, no fees paid yet (`fee`
 * is the maximum, gas limit times the price offered); `confirmations: 0`; the price offered as
 * `gas_price`; no token transfer among its types yet.
 */
export function pendingFields<Kind extends string>(mined: {
  gas_limit: number | string;
  gas_price: string | null;
  max_fee_per_gas: string | null;
  transaction_types: readonly Kind[];
}) {
  const price = mined.max_fee_per_gas ?? mined.gas_price ?? '0';
  return {
    status: null,
    block_number: null,
    timestamp: null,
    position: null,
    result: 'pending' as const,
    confirmations: 0 as const,
    confirmation_duration: [] as [],
    gas_used: null,
    gas_price: price,
    base_fee_per_gas: null,
    priority_fee: null,
    transaction_burnt_fee: null,
    fee: { type: 'maximum' as const, value: String(BigInt(mined.gas_limit) * BigInt(price)) },
    created_contract: null,
    revert_reason: null,
    transaction_types: mined.transaction_types.filter((t) => t !== 'token_transfer'),
    has_error_in_internal_transactions: null,
  };
}

const specPending = (mined: S.Transaction): Shape<'spec', 'pendingTransaction'> => ({
  ...mined,
  ...pendingFields(mined),
  token_transfers: [],
  token_transfers_overflow: false,
  actions: [],
  transaction_tag: null,
});

/** The seed spec's answers: the spec form is the answer. */
export const specFormat: ProfileFormat<'spec'> = {
  profile: 'spec',
  addressRef: (_facts, _account, form) => form,
  address: (_ref, form) => form,
  addressListItem: (_ref, form) => form,
  unknownAddress: (form) => form,
  token: (form) => form,
  transactionItem: (form) => form,
  // The spec's detail is the list form.
  transactionDetail: (form) => form,
  pendingItem: specPending,
  pendingDetail: specPending,
  tokenTransfer: (form) => form,
  blockItem: (form) => form,
  blockDetail: (form) => form,
  internalTransaction: (form) => form,
  blockWithdrawal: (form) => form,
  smartContract: (_facts, _account, form) => form,
  tokenInstance: (form) => form,
  collectionInstance: (form) => form,
  validationError: (message, errors) => ({ message, errors }),
  pendingFirstInAddressLists: false,
};
