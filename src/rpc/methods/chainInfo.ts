import * as Hash from 'ox/Hash';
import type { Chain } from '../../chain/types.js';
import { blobBaseFee, GAS_PER_BLOB, nextExcessBlobGas } from '../../protocol/blobGas.js';
import { chainSpecOf, nextBaseFee } from '../../protocol/chainSpec.js';
import { AVERAGE_TIP, suggestedGasPrice } from '../../domain/chainStats.js';
import { VERSION } from '../../version.js';
import { blockArg } from '../blockParam.js';
import { arity, type RpcMethod } from '../method.js';
import { dataArg, quantity } from '../quantity.js';
import { invalidParams, methodNotFound } from '../rpcError.js';

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

/**
 * `eth_feeHistory`: base fees (one more than the blocks: the next block's), gas used ratios and,
 * for each percentile, the priority fee paid at that point of the block's gas, transactions sorted
 * by their tip and weighted by the gas they used (geth's `processBlock`).
 */
const feeHistory: RpcMethod = (ctx, params) => {
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
  const schedule = chainSpecOf(ctx.chain).feeMarket.blobs;
  const blobFees: string[] = [];
  const blobRatios: number[] = [];
  const rewards: string[][] = [];
  for (let h = oldest; h <= newest; h++) {
    const block = ctx.chain.blocks.at(h)!;
    baseFees.push(quantity(block.baseFeePerGas));
    ratios.push(block.gasLimit === 0 ? 0 : block.gasUsed / block.gasLimit);
    if (schedule) {
      blobFees.push(quantity(blobBaseFee(block.excessBlobGas, schedule)));
      blobRatios.push(block.blobGasUsed / (schedule.max * GAS_PER_BLOB));
    }
    if (!percentiles) continue;
    const tips: { tip: bigint; gas: number }[] = [];
    for (let t = block.transactionStart; t < block.transactionStart + block.transactionCount; t++) {
      const tx = ctx.chain.transactions.at(t)!;
      tips.push({ tip: tx.gasPrice - block.baseFeePerGas, gas: tx.gasUsed });
    }
    tips.sort((a, b) => (a.tip < b.tip ? -1 : a.tip > b.tip ? 1 : 0));
    rewards.push(
      percentiles.map((p) => {
        if (!tips.length) return '0x0';
        const threshold = (block.gasUsed * p) / 100;
        let sum = tips[0]!.gas;
        let i = 0;
        while (sum < threshold && i < tips.length - 1) sum += tips[++i]!.gas;
        return quantity(tips[i]!.tip);
      }),
    );
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
function nextBlobBaseFee(chain: Chain, height: number): bigint | null {
  const schedule = chainSpecOf(chain).feeMarket.blobs;
  if (!schedule) return null;
  const next = height < chain.headHeight ? chain.blocks.at(height + 1) : undefined;
  return blobBaseFee(next ? next.excessBlobGas : nextExcessBlobGas(chain.blocks.at(height)!, schedule), schedule);
}

/** `eth_blobBaseFee`: the blob base fee of the next block, as geth answers it; a chain without blobs has none. */
const blobBaseFeeMethod: RpcMethod = (ctx, params) => {
  arity(params, 0, 0);
  const fee = nextBlobBaseFee(ctx.chain, ctx.chain.headHeight);
  if (fee === null) throw methodNotFound('eth_blobBaseFee');
  return quantity(fee);
};

export const chainInfoMethods: Record<string, RpcMethod> = {
  eth_chainId: (ctx, params) => (arity(params, 0, 0), quantity(ctx.chainId)),
  net_version: (ctx, params) => (arity(params, 0, 0), String(ctx.chainId)),
  net_listening: (_ctx, params) => (arity(params, 0, 0), true),
  net_peerCount: (_ctx, params) => (arity(params, 0, 0), '0x0'),
  web3_clientVersion: (_ctx, params) => (arity(params, 0, 0), `explorer-mock/v${VERSION}`),
  web3_sha3: (_ctx, params) => (arity(params, 1, 1), Hash.keccak256(dataArg(params[0], 0))),
  eth_syncing: (_ctx, params) => (arity(params, 0, 0), false),
  eth_mining: (_ctx, params) => (arity(params, 0, 0), false),
  eth_hashrate: (_ctx, params) => (arity(params, 0, 0), '0x0'),
  eth_blockNumber: (ctx, params) => (arity(params, 0, 0), quantity(ctx.chain.headHeight)),
  eth_gasPrice: (ctx, params) => (arity(params, 0, 0), quantity(suggestedGasPrice(ctx.chain))),
  eth_maxPriorityFeePerGas: (_ctx, params) => (arity(params, 0, 0), quantity(AVERAGE_TIP)),
  eth_feeHistory: feeHistory,
  eth_blobBaseFee: blobBaseFeeMethod,
};
