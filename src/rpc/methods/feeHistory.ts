import type { Block, Chain } from '../../chain/types.js';
import { blobBaseFee, GAS_PER_BLOB, nextExcessBlobGas } from '../../protocol/blobGas.js';
import { chainSpecOf, nextBaseFee } from '../../protocol/chainSpec.js';
import { boundedMemo } from '../../memo/boundedMemo.js';
import { blockArg } from '../blockParam.js';
import type { RpcContext } from '../context.js';
import { arity, type RpcMethod } from '../method.js';
import { quantity } from '../quantity.js';
import { invalidParams } from '../rpcError.js';

/** Most blocks one `eth_feeHistory` reports, as geth caps it. */
const MAX_FEE_HISTORY = 1024;

/** `blockCount` of `eth_feeHistory`: a number, or a hex or decimal string. */
function blockCountArg(value: unknown): number {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^(0x[0-9a-fA-F]+|[0-9]+)$/.test(value)
        ? Number(value)
        : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 0)
    throw invalidParams(`invalid argument 0: invalid block count ${JSON.stringify(value)}`);
  return Math.min(n, MAX_FEE_HISTORY);
}

function percentilesArg(value: unknown): number[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.some((p) => typeof p !== 'number'))
    throw invalidParams('invalid argument 2: reward percentiles must be an array of numbers');
  if (value.length > 100) throw invalidParams('invalid reward percentile: over the query limit 100');
  value.forEach((p: number, i) => {
    if (p < 0 || p > 100) throw invalidParams(`invalid reward percentile: ${p}`);
    if (i > 0 && p < value[i - 1])
      throw invalidParams(`invalid reward percentile: #${i - 1}:${value[i - 1]} >= #${i}:${p}`);
  });
  return value as number[];
}

/** A block's tips in ascending order (as quantities), and the gas its transactions used up to each, in that order. */
interface BlockTips {
  readonly tips: readonly string[];
  readonly gasUpTo: Float64Array;
}

/**
 * Blocks' sorted tips, by block hash (a block's hash names its transactions, whichever chain holds
 * it): made once per block, so a fee history reads each block's percentiles by binary search.
 * Twice geth's window of blocks.
 */
const TIPS = boundedMemo(2 * MAX_FEE_HISTORY);

function tipsOf(ctx: RpcContext, block: Block): BlockTips {
  return TIPS.get(`${ctx.chainId}:${block.hash}`, () => {
    const paid: { tip: bigint; gas: number }[] = [];
    for (let t = block.transactionStart; t < block.transactionStart + block.transactionCount; t++) {
      const tx = ctx.chain.transactions.at(t)!;
      paid.push({ tip: tx.gasPrice - block.baseFeePerGas, gas: tx.gasUsed });
    }
    // Stable, as geth's SortStableFunc: equal tips keep their order in the block.
    paid.sort((a, b) => (a.tip < b.tip ? -1 : a.tip > b.tip ? 1 : 0));
    const gasUpTo = new Float64Array(paid.length);
    let sum = 0;
    paid.forEach((p, i) => (gasUpTo[i] = sum += p.gas));
    return { tips: paid.map((p) => quantity(p.tip)), gasUpTo };
  });
}

/**
 * The tip paid at a percentile of a block's gas (geth's `processBlock`): the first transaction, in
 * order of tip, at which the gas used so far reaches the percentile's share of the block's gas
 * (truncated to whole gas, as geth's uint64); the last one if none does.
 */
function tipAt(block: Block, { tips, gasUpTo }: BlockTips, percentile: number): string {
  if (!tips.length) return '0x0';
  const threshold = Math.floor((block.gasUsed * percentile) / 100);
  let low = 0;
  let high = tips.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (gasUpTo[mid]! < threshold) low = mid + 1;
    else high = mid;
  }
  return tips[low]!;
}

/**
 * `eth_feeHistory`: base fees (one more than the blocks: the next block's), gas used ratios and,
 * for each percentile, the priority fee paid at that point of the block's gas, transactions sorted
 * by their tip and weighted by the gas they used (geth's `processBlock`).
 */
export const feeHistory: RpcMethod = (ctx, params) => {
  arity(params, 2, 3);
  const count = blockCountArg(params[0]);
  const ref = blockArg(ctx, params[1], 1);
  const percentiles = percentilesArg(params[2]);
  const head = ctx.chain.headHeight;
  const newest = 'pending' in ref ? head : ref.height;
  if (newest > head) throw invalidParams(`request beyond head block: requested ${newest}, head ${head}`);
  if (count === 0) return { oldestBlock: '0x0', gasUsedRatio: null };
  const oldest = Math.max(0, newest - count + 1);
  const baseFees: string[] = [];
  const ratios: number[] = [];
  const rewards: string[][] = [];
  const schedule = chainSpecOf(ctx.chain).feeMarket.blobs;
  const blobFees: string[] = [];
  const blobRatios: number[] = [];
  for (let h = oldest; h <= newest; h++) {
    const block = ctx.chain.blocks.at(h)!;
    baseFees.push(quantity(block.baseFeePerGas));
    ratios.push(block.gasLimit === 0 ? 0 : block.gasUsed / block.gasLimit);
    if (schedule) {
      blobFees.push(quantity(blobBaseFee(block.excessBlobGas, schedule)));
      blobRatios.push(block.blobGasUsed / (schedule.max * GAS_PER_BLOB));
    }
    if (!percentiles) continue;
    const tips = tipsOf(ctx, block);
    rewards.push(percentiles.map((p) => tipAt(block, tips, p)));
  }
  baseFees.push(
    quantity(
      newest === head ? nextBaseFee(ctx.chain.blocks.at(head)!) : ctx.chain.blocks.at(newest + 1)!.baseFeePerGas,
    ),
  );
  // The blob base fee of the block after the newest too (EIP-4844), and each block's blob gas over its most.
  if (schedule) blobFees.push(quantity(nextBlobBaseFee(ctx.chain, newest)!));
  return {
    oldestBlock: quantity(oldest),
    ...(percentiles ? { reward: rewards } : {}),
    baseFeePerGas: baseFees,
    gasUsedRatio: ratios,
    ...(schedule ? { baseFeePerBlobGas: blobFees, blobGasUsedRatio: blobRatios } : {}),
  };
};

/** The blob base fee of the block after `height` (EIP-4844): the next block's where `height` is the head. Null where the chain has no blobs. */
export function nextBlobBaseFee(chain: Chain, height: number): bigint | null {
  const schedule = chainSpecOf(chain).feeMarket.blobs;
  if (!schedule) return null;
  const next = height < chain.headHeight ? chain.blocks.at(height + 1) : undefined;
  return blobBaseFee(next ? next.excessBlobGas : nextExcessBlobGas(chain.blocks.at(height)!, schedule), schedule);
}
