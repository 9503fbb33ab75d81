import type { PendingOffer } from '../domain/pendingOffer.js';
import type * as S from '../schemas/index.js';
import type { ProfileFormat } from './profileFormat.js';
import type { Shape } from './shapes.js';

/**
 * What every profile sets on a pending transaction (`transaction_view.ex` with no block): no
 * status, block, position or timestamp; `result: "pending"` (a losing competitor's
 * `dropped/replaced` once its rival is mined); no gas used, no fees paid yet (`fee` is the
 * maximum, gas limit times the price offered); `confirmations: 0`; the price offered as
 * `gas_price`, and the fee fields offered; no token transfer among its types yet.
 */
export function pendingFields<Kind extends string>(
  mined: { transaction_types: readonly Kind[] },
  offer: PendingOffer,
  result: 'pending' | 'dropped/replaced',
) {
  return {
    status: null,
    block_number: null,
    timestamp: null,
    position: null,
    result,
    confirmations: 0 as const,
    confirmation_duration: [] as [],
    gas_used: null,
    gas_price: String(offer.gasPrice),
    max_fee_per_gas: offer.maxFeePerGas === null ? null : String(offer.maxFeePerGas),
    max_priority_fee_per_gas: offer.maxPriorityFeePerGas === null ? null : String(offer.maxPriorityFeePerGas),
    base_fee_per_gas: null,
    priority_fee: null,
    transaction_burnt_fee: null,
    fee: { type: 'maximum' as const, value: String(offer.maxFee) },
    created_contract: null,
    revert_reason: null,
    transaction_types: mined.transaction_types.filter((t) => t !== 'token_transfer'),
    has_error_in_internal_transactions: null,
  };
}

const specPending = (
  mined: S.Transaction,
  offer: PendingOffer,
  result: 'pending' | 'dropped/replaced',
): Shape<'spec', 'pendingTransaction'> => ({
  ...mined,
  ...pendingFields(mined, offer, result),
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
  // The spec's record requires a creation bytecode, which a delegated EOA never had.
  delegatedSmartContract: () => null,
  tokenInstance: (form) => form,
  collectionInstance: (form) => form,
  validationError: (message, errors) => ({ message, errors }),
  pendingFirstInAddressLists: false,
  // behaviour.md: `method` is null when there is no call to decode.
  selectorForUndecodedMethod: false,
};
