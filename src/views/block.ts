import type { Block } from '../chain/types.js';
import { beaconDepositsOf } from '../domain/beaconDeposits.js';
import { blobGasPriceOf, blockBlobsOf, hasBlobs } from '../domain/blobs.js';
import { internalCountOf } from '../domain/transactions.js';
import type { BlockExtras } from '../profiles/profileFormat.js';
import type { BlockForm } from '../profiles/shapes.js';
import type { Profile } from '../schemas/profile.js';
import { addressRef } from './addressRef.js';
import { cachedJson, type ViewContext } from './context.js';
import { isoTimestamp } from './isoTimestamp.js';
import { rawNumber, writeRawNumbers } from './rawNumber.js';

const percent = (part: bigint, whole: bigint) => Number((part * 10n ** 12n) / whole) / 10 ** 10;

/** A block of any type (consensus, uncle, reorg) in the spec's form; rewards are wei written as exact JSON numbers. */
function blockForm<P extends Profile>(ctx: ViewContext<P>, block: Block): BlockForm<P> {
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
    miner: addressRef(ctx, block.minerId),
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
    rewards: block.rewards.map((r) => ({ reward: rawNumber(r.amount), type: r.type })),
  };
}

/** What a block holds beyond the spec's form: its blob figures and beacon deposits where the chain has blobs. */
function blockExtras(ctx: ViewContext, block: Block): BlockExtras {
  if (!hasBlobs(ctx.chain)) return { blobs: null };
  const { transactions, burntFees } = blockBlobsOf(ctx.chain, block);
  // Deposits are the consensus block's: an uncle or a reorged block at its height has none.
  const beaconDeposits =
    block.type === 'block' ? (beaconDepositsOf(ctx.facts).byBlock.get(block.height)?.length ?? 0) : 0;
  return {
    blobs: {
      transactions,
      gasPrice: transactions ? blobGasPriceOf(ctx.chain, block) : null,
      burntFees,
      beaconDeposits,
    },
  };
}

/** The block's JSON as lists show it. */
export const blockJson = (ctx: ViewContext, block: Block): string =>
  cachedJson(
    ctx,
    `block:${block.hash}`,
    () => ctx.format.blockItem(blockForm(ctx, block), block, blockExtras(ctx, block)),
    writeRawNumbers,
  );

/** The JSON of `/blocks/{id}`: in the spec profile the list form; Blockscout adds the detail's counts. */
export const blockDetailJson = (ctx: ViewContext, block: Block): string =>
  cachedJson(
    ctx,
    `block-detail:${block.hash}`,
    () =>
      ctx.format.blockDetail(blockForm(ctx, block), block, internalCountOf(ctx.facts, block), blockExtras(ctx, block)),
    writeRawNumbers,
  );
