import type { Block as BlockView } from '../schemas/index.js';
import * as blockscout from '../profiles/blockscout.js';
import type { Block } from '../chain/types.js';
import { addressRef } from './addressRef.js';
import { cachedJson, type ViewContext } from './context.js';
import { isoTimestamp } from './format.js';
import { rawNumber, writeRawNumbers } from './rawNumber.js';

const percent = (part: bigint, whole: bigint) => Number((part * 10n ** 12n) / whole) / 10 ** 10;

/** A block of any type (consensus, uncle, reorg). */
export function blockView(ctx: ViewContext, block: Block): BlockView {
  const gasUsed = BigInt(block.gasUsed);
  const gasLimit = BigInt(block.gasLimit);
  const target = gasLimit / 2n;
  const burnt = block.baseFeePerGas * gasUsed;
  return {
    hash: block.hash,
    parent_hash: block.parentHash,
    height: block.height,
    type: block.type,
    timestamp: isoTimestamp(block.timestamp),
    miner: addressRef(ctx, block.minerId)!,
    nonce: block.nonce,
    difficulty: String(block.difficulty),
    total_difficulty: String(block.totalDifficulty),
    size: block.size,
    extra_data: block.extraData,
    state_root: block.stateRoot,
    gas_limit: String(block.gasLimit),
    gas_used: String(block.gasUsed),
    gas_used_percentage: percent(gasUsed, gasLimit),
    // As the explorer computes it: how far gas used is above (or below) the target, in percent.
    gas_target_percentage: percent(gasUsed - target, target),
    base_fee_per_gas: String(block.baseFeePerGas),
    burnt_fees: String(burnt),
    burnt_fees_percentage: block.transactionFees === 0n ? null : percent(burnt, block.transactionFees),
    priority_fee: String(block.priorityFee),
    transaction_fees: String(block.transactionFees),
    transactions_count: block.transactionCount,
    withdrawals_count: block.withdrawalCount,
    uncles_hashes: [...block.unclesHashes],
    // Wei amounts past 2^53 lose precision as JS numbers: `blockJson` writes them exactly.
    rewards: block.rewards.map((r) => ({ reward: Number(r.amount), type: r.type })),
  };
}

/** Internal transactions in a block (without the top-level calls). */
export function internalCountOf(ctx: ViewContext, block: Block): number {
  let count = 0;
  for (let i = block.transactionStart; i < block.transactionStart + block.transactionCount; i++)
    count += ctx.chain.transactions.at(i)!.internalCount;
  return count;
}

/** The JSON of `/blocks/{id}`: in the spec profile the list form; Blockscout adds the detail's counts. */
export const blockDetailJson = (ctx: ViewContext, block: Block): string =>
  ctx.profile === 'blockscout'
    ? cachedJson(ctx, `blockd:${block.hash}`, () =>
        blockscout.block(blockView(ctx, block), block, internalCountOf(ctx, block), true),
      )
    : blockJson(ctx, block);

/** The block's JSON as lists show it, its rewards written as exact integers. */
export const blockJson = (ctx: ViewContext, block: Block): string =>
  ctx.profile === 'blockscout'
    ? cachedJson(ctx, `block:${block.hash}`, () => blockscout.block(blockView(ctx, block), block, 0, false))
    : cachedJson(
        ctx,
        `block:${block.hash}`,
        () => ({
          ...blockView(ctx, block),
          rewards: block.rewards.map((r) => ({ reward: rawNumber(r.amount), type: r.type })),
        }),
        writeRawNumbers,
      );
