import { kindBit } from '../../src/chain/types.js';

/** What a transaction did, as the facts `transaction_types` follows from. */
export interface TransactionEffects {
  readonly ok: boolean;
  readonly createsContract: boolean;
  readonly createsToken: boolean;
  readonly callsContract: boolean;
  readonly movesCoin: boolean;
  readonly movesTokens: boolean;
}

/** The bit set of `transaction_types` (TRANSACTION_KIND_BITS): intent always, effects only when it succeeded. */
export function transactionTypesOf(e: TransactionEffects): number {
  let types = 0;
  if (e.createsContract) types |= kindBit('contract_creation');
  if (e.callsContract) types |= kindBit('contract_call');
  if (e.ok && e.movesCoin) types |= kindBit('coin_transfer');
  if (e.ok && e.createsToken) types |= kindBit('token_creation');
  if (e.ok && e.movesTokens) types |= kindBit('token_transfer');
  return types;
}
