import { type BeaconDepositFact, beaconDepositsOf } from '../domain/beaconDeposits.js';
import { addressRef } from './addressRef.js';
import { cachedJson, type ViewContext } from './context.js';
import { isoTimestamp } from './isoTimestamp.js';

/** A beacon deposit as `deposit_view.ex` renders it (both profiles, each with its own address references); the amount in wei, as the explorer stores it. */
const depositOut = (ctx: ViewContext, d: BeaconDepositFact) => {
  const block = ctx.chain.blocks.at(d.block)!;
  return {
    index: d.index,
    transaction_hash: ctx.chain.transactions.at(d.transaction)!.hash,
    block_hash: block.hash,
    block_number: d.block,
    block_timestamp: isoTimestamp(block.timestamp),
    pubkey: d.pubkey,
    withdrawal_credentials: d.withdrawalCredentials,
    withdrawal_address: d.withdrawalAddressId === null ? null : addressRef(ctx, d.withdrawalAddressId),
    amount: String(d.amountGwei * 1_000_000_000n),
    signature: d.signature,
    status: d.status,
    from_address: addressRef(ctx, d.fromId),
  };
};

/** An item of the deposits lists (`/beacon/deposits` and per block, transaction and address): deposit `k` in log order. */
export const beaconDepositJson = (ctx: ViewContext, k: number): string =>
  cachedJson(ctx, `beacon-deposit:${k}`, () => depositOut(ctx, beaconDepositsOf(ctx.facts).deposits[k]!));
