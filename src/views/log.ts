import type { LogRef } from '../chain/logs.js';
import { calleeOfLog, encodedLogOf, logEventOf } from '../domain/logs.js';
import { addressRef, addressRefOrNull } from './addressRef.js';
import { cachedJson, type ViewContext } from './context.js';
import { isoTimestamp } from './isoTimestamp.js';

/**
 * A log as the explorer lists it: topics and data ABI-encoded, decoded with the emitter's ABI.
 * `smart_contract` (the transaction's callee) is filled where the explorer fills it: address lists.
 */
function logOut(ctx: ViewContext, ref: LogRef, withSmartContract: boolean) {
  const { chain } = ctx;
  const e = logEventOf(ctx.facts, ref);
  const block = chain.blocks.at(e.block)!;
  const { topics, data, decoded } = encodedLogOf(ctx.facts, ref);
  return {
    transaction_hash: chain.transactions.at(e.transaction)!.hash,
    address: addressRef(ctx, e.emitterId),
    topics,
    data,
    index: e.index,
    decoded,
    smart_contract: withSmartContract ? addressRefOrNull(ctx, calleeOfLog(ctx.facts, ref)) : null,
    block_number: e.block,
    block_hash: block.hash,
    block_timestamp: isoTimestamp(block.timestamp),
  };
}

export const logJson = (ctx: ViewContext, ref: LogRef, withSmartContract: boolean): string =>
  cachedJson(ctx, `log:${ref}:${withSmartContract ? 1 : 0}`, () => logOut(ctx, ref, withSmartContract));
