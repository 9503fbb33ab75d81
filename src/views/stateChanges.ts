import type { StateChange } from '../domain/stateChanges.js';
import { addressRef } from './addressRef.js';
import type { ViewContext } from './context.js';
import { token } from './token.js';

/** A row of `/transactions/{hash}/state-changes`: a balance before and after the transaction. */
export const stateChangeJson = (ctx: ViewContext, change: StateChange): string =>
  JSON.stringify({
    type: change.kind,
    is_miner: change.isMiner,
    address: addressRef(ctx, change.holder),
    balance_before: String(change.before),
    balance_after: String(change.before + change.change),
    change: String(change.change),
    token: change.kind === 'token' ? token(ctx, change.tokenId) : null,
    token_id: change.nftId === null ? null : String(change.nftId),
  });
