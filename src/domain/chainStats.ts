import type { Chain } from '../chain/types.js';
import type { Facts } from './facts.js';

/** The UTC day (YYYY-MM-DD) of unix seconds. */
export const utcDay = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString().slice(0, 10);

/** Transactions per UTC day, oldest first. */
export const transactionsByDay = (facts: Facts): readonly (readonly [day: string, count: number])[] =>
  facts.memo.get('transactions-by-day', () => {
    const days = new Map<string, number>();
    for (const b of facts.chain.blocks) {
      const day = utcDay(b.timestamp);
      days.set(day, (days.get(day) ?? 0) + b.transactionCount);
    }
    return [...days];
  });

/** Blocks the recent figures (average block time, network utilization) look back over. */
const RECENT_BLOCKS = 50;

/** The chain's totals and recent figures, as the explorer's home page shows them. */
export interface ChainTotals {
  readonly totalGasUsed: bigint;
  /** Mean time between the last blocks, in milliseconds (12 s for a chain with one block). */
  readonly averageBlockTimeMs: number;
  /** Gas used over gas limit of the last blocks, in percent. */
  readonly networkUtilizationPercentage: number;
}

export const chainTotals = (facts: Facts): ChainTotals =>
  facts.memo.get('chain-totals', () => {
    const { chain } = facts;
    const head = chain.blocks.at(chain.headHeight)!;
    let totalGasUsed = 0n;
    for (const b of chain.blocks) totalGasUsed += BigInt(b.gasUsed);
    const recent = Math.min(RECENT_BLOCKS, chain.headHeight);
    let used = 0;
    let limit = 0;
    for (let h = chain.headHeight - recent + 1; h <= chain.headHeight; h++) {
      used += chain.blocks.at(h)!.gasUsed;
      limit += chain.blocks.at(h)!.gasLimit;
    }
    const first = chain.blocks.at(chain.headHeight - recent)!;
    return {
      totalGasUsed,
      averageBlockTimeMs: recent > 0 ? ((head.timestamp - first.timestamp) * 1000) / recent : 12_000,
      networkUtilizationPercentage: limit === 0 ? 0 : (used / limit) * 100,
    };
  });

/** Transactions and their fees in the day before the head block. */
export function lastDay(facts: Facts): { readonly transactions: number; readonly fees: bigint } {
  const { chain } = facts;
  const since = chain.blocks.at(chain.headHeight)!.timestamp - 86_400;
  let transactions = 0;
  let fees = 0n;
  for (let h = chain.headHeight; h >= 0 && chain.blocks.at(h)!.timestamp > since; h--) {
    transactions += chain.blocks.at(h)!.transactionCount;
    fees += chain.blocks.at(h)!.transactionFees;
  }
  return { transactions, fees };
}

/** A tier of the gas price oracle: the priority fee it suggests and how long a transaction paying it waits. */
export interface GasPriceTier {
  readonly name: 'slow' | 'average' | 'fast';
  readonly priorityFee: bigint;
  readonly waitMs: number;
}

/** The oracle's tiers: tips of 0.01, 0.1 and 1 gwei over the head's base fee. */
export const GAS_PRICE_TIERS: readonly GasPriceTier[] = [
  { name: 'slow', priorityFee: 10n ** 7n, waitMs: 36_000 },
  { name: 'average', priorityFee: 10n ** 8n, waitMs: 24_000 },
  { name: 'fast', priorityFee: 10n ** 9n, waitMs: 12_000 },
];

/** The oracle's average tier's tip: what the gas tracker shows as average and what the node suggests. */
export const AVERAGE_TIP = GAS_PRICE_TIERS.find((t) => t.name === 'average')!.priorityFee;

/** The gas price the node suggests (`eth_gasPrice`, in both the node's and the explorer's JSON-RPC): the head's base fee and the average tip. */
export const suggestedGasPrice = (chain: Chain): bigint =>
  chain.blocks.at(chain.headHeight)!.baseFeePerGas + AVERAGE_TIP;

/**
 * How many blocks confirm a transaction of block `height`, counted as each of the explorer's APIs
 * counts them, which differ by one by design: the REST API counts the block itself
 * (`Explorer.Chain.confirmations/2`: `max(1 + head − block, 1)`), its Etherscan-compatible API
 * does not (`views/api/rpc/address_view.ex`, `transaction_view.ex`: `max_block_number − block`).
 */
export const confirmationsOf = (chain: Chain, height: number, api: 'rest' | 'etherscan'): number =>
  api === 'rest' ? Math.max(1 + chain.headHeight - height, 1) : chain.headHeight - height;
