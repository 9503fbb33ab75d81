import type { DayStats } from '../domain/dailyStats.js';
import { decimalRatio } from './decimalRatio.js';
import type { Resolution } from './messages.js';
import type { Series } from './series.js';

/** The native coin's symbol in titles and units (the service's `native_coin_symbol` template value, by default). */
export const COIN_SYMBOL = 'ETH';

/** The sections of `/lines`, in the default layout's order (`layout.json`). */
export const SECTIONS = [
  { id: 'accounts', title: 'Accounts' },
  { id: 'transactions', title: 'Transactions' },
  { id: 'blocks', title: 'Blocks' },
  { id: 'tokens', title: 'Tokens' },
  { id: 'gas', title: 'Gas' },
  { id: 'contracts', title: 'Contracts' },
  // Its charts wait for user-operation (ERC-4337) indexing, which a chain without user operations never finishes.
  { id: 'user_ops', title: 'User operations' },
] as const;

export type SectionId = (typeof SECTIONS)[number]['id'];

/** A line chart of the default (Ethereum-like) configuration: its info, where `/lines` lists it, and how its points are made. */
export interface LineChartSpec {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly units?: string;
  /** null: served, but not listed by `/lines`. */
  readonly section: SectionId | null;
  readonly resolutions: readonly Resolution[];
  /** What a period without a stored point reads as: zero, or the previous point's value (cumulative charts). */
  readonly fill: 'zero' | 'previous';
  readonly series: Series;
  /** Only the last `windowDays` whole days before today are stored. */
  readonly windowDays?: number;
}

const ETHER = 10n ** 18n;
const GWEI = 10n ** 9n;
const ALL: readonly Resolution[] = ['DAY', 'WEEK', 'MONTH', 'YEAR'];

const withTransactions = (d: DayStats) => d.transactions > 0;
const withBlocks = (d: DayStats) => d.blocks > 0;
/** SQL's `ROUND(AVG(x))` over non-negative integers: half away from zero, exactly. */
const roundedMean = (sum: bigint, count: number) => Number((2n * sum + BigInt(count)) / (2n * BigInt(count)));

const newTxns: Series = { kind: 'sum', has: withTransactions, value: (d) => d.transactions };
const averageGasUsed: Series = {
  kind: 'average',
  value: (d) => Number(d.gasUsed) / d.blocks,
  weight: (d) => d.blocks,
  yearFromDays: true,
};
const averageGasLimit: Series = {
  kind: 'average',
  value: (d) => roundedMean(d.gasLimit, d.blocks),
  weight: (d) => d.blocks,
};
const count = (of: (d: DayStats) => number): Series => ({ kind: 'sum', has: (d) => of(d) > 0, value: of });
const growth = (of: (d: DayStats) => number | bigint): Series => ({
  kind: 'growth',
  has: (d) => BigInt(of(d)) > 0n,
  step: (d) => BigInt(of(d)),
});

/**
 * Every line chart served, in the layout's order within each section (`charts.json` titles and
 * descriptions, the resolutions each chart's module defines). The user-operation charts are left
 * out: a chain without ERC-4337 never finishes indexing them, so the service does not list them.
 */
export const LINE_CHARTS: readonly LineChartSpec[] = [
  {
    id: 'accountsGrowth',
    title: 'Number of accounts',
    description: 'Cumulative account growth over time',
    section: 'accounts',
    resolutions: ALL,
    fill: 'previous',
    series: growth((d) => d.newAccounts),
  },
  {
    id: 'activeAccounts',
    title: 'Active accounts',
    description: 'Active accounts number per period',
    section: 'accounts',
    resolutions: ['DAY', 'WEEK'],
    fill: 'zero',
    series: { kind: 'activeAccounts' },
  },
  {
    id: 'newAccounts',
    title: 'New accounts',
    description: 'Number of newly added accounts',
    section: 'accounts',
    resolutions: ALL,
    fill: 'zero',
    series: count((d) => d.newAccounts),
  },
  {
    id: 'averageTxnFee',
    title: 'Average transaction fee',
    description: `Average amount of ${COIN_SYMBOL} spent on gas fees per transaction`,
    units: COIN_SYMBOL,
    section: 'transactions',
    resolutions: ALL,
    fill: 'zero',
    series: {
      kind: 'average',
      value: (d) => decimalRatio(d.fees, BigInt(d.transactions) * ETHER),
      weight: (d) => d.transactions,
    },
  },
  {
    id: 'newTxns',
    title: 'New transactions',
    description: 'Number of new transactions',
    section: 'transactions',
    resolutions: ALL,
    fill: 'zero',
    series: newTxns,
  },
  {
    id: 'txnsFee',
    title: 'Transaction fees',
    description: `Sum of ${COIN_SYMBOL} spent on gas fees`,
    units: COIN_SYMBOL,
    section: 'transactions',
    resolutions: ALL,
    fill: 'zero',
    series: { kind: 'sum', has: withTransactions, value: (d) => decimalRatio(d.fees, ETHER) },
  },
  {
    id: 'txnsGrowth',
    title: 'Number of transactions',
    description: 'Cumulative transaction growth over time',
    section: 'transactions',
    resolutions: ALL,
    fill: 'previous',
    series: growth((d) => d.transactions),
  },
  {
    id: 'txnsSuccessRate',
    title: 'Transaction success rate',
    description: 'Success rate for all included transactions',
    section: 'transactions',
    resolutions: ALL,
    fill: 'zero',
    series: { kind: 'average', value: (d) => d.successful / d.transactions, weight: (d) => d.transactions },
  },
  {
    id: 'averageBlockRewards',
    title: 'Average block rewards',
    description: 'Average amount of reward',
    units: COIN_SYMBOL,
    section: 'blocks',
    resolutions: ALL,
    fill: 'zero',
    series: {
      kind: 'average',
      value: (d) => decimalRatio(d.rewardSum, BigInt(d.rewards) * ETHER),
      weight: (d) => d.rewards,
    },
  },
  {
    id: 'averageBlockSize',
    title: 'Average block size',
    description: 'Space (in bytes) taken up by all block fields',
    units: 'Bytes',
    section: 'blocks',
    resolutions: ALL,
    fill: 'zero',
    series: { kind: 'average', value: (d) => roundedMean(d.blockSize, d.blocks), weight: (d) => d.blocks },
  },
  {
    id: 'newBlocks',
    title: 'New blocks',
    description: 'Number of new blocks added to the chain',
    section: 'blocks',
    resolutions: ALL,
    fill: 'zero',
    series: { kind: 'sum', has: withBlocks, value: (d) => d.blocks },
  },
  {
    id: 'newNativeCoinTransfers',
    title: `Number of ${COIN_SYMBOL} transfers`,
    description: 'Completed token transfers',
    section: 'tokens',
    resolutions: ALL,
    fill: 'zero',
    series: count((d) => d.nativeCoinTransfers),
  },
  {
    id: 'averageGasLimit',
    title: 'Average gas limit',
    description: 'Average block gas limit',
    section: 'gas',
    resolutions: ALL,
    fill: 'zero',
    series: averageGasLimit,
  },
  {
    id: 'averageGasPrice',
    title: 'Average gas price',
    description: 'Average price (Gwei) per unit of gas',
    units: 'Gwei',
    section: 'gas',
    resolutions: ALL,
    fill: 'zero',
    series: {
      kind: 'average',
      value: (d) => decimalRatio(d.gasPrices, BigInt(d.transactions) * GWEI),
      weight: (d) => d.transactions,
    },
  },
  {
    id: 'gasUsedGrowth',
    title: 'Total gas usage',
    description: 'Cumulative gas used over time',
    section: 'gas',
    resolutions: ALL,
    fill: 'previous',
    series: { kind: 'growth', has: withBlocks, step: (d) => d.gasUsed },
  },
  {
    id: 'networkUtilization',
    title: 'Network utilization',
    description: 'Percentage of gas used compared to the gas limit',
    section: 'gas',
    resolutions: ALL,
    fill: 'zero',
    series: { kind: 'ratio', dividend: averageGasUsed, divisor: averageGasLimit },
  },
  {
    id: 'averageGasUsed',
    title: 'Average gas used',
    description: 'Average amount of gas used per block',
    section: 'gas',
    resolutions: ALL,
    fill: 'zero',
    series: averageGasUsed,
  },
  {
    id: 'contractsGrowth',
    title: 'Number of contracts',
    description: 'Cumulative contract growth over time',
    section: 'contracts',
    resolutions: ALL,
    fill: 'previous',
    series: growth((d) => d.newContracts),
  },
  {
    id: 'newContracts',
    title: 'New contracts',
    description: 'Number of new contracts in the network',
    section: 'contracts',
    resolutions: ALL,
    fill: 'zero',
    series: count((d) => d.newContracts),
  },
  {
    id: 'newVerifiedContracts',
    title: 'New verified contracts',
    description: 'Number of newly verified contracts',
    section: 'contracts',
    resolutions: ALL,
    fill: 'zero',
    series: count((d) => d.newVerifiedContracts),
  },
  {
    id: 'verifiedContractsGrowth',
    title: 'Number of verified contracts',
    description: 'Cumulative verified contract growth over time',
    section: 'contracts',
    resolutions: ALL,
    fill: 'previous',
    series: growth((d) => d.newVerifiedContracts),
  },
  {
    // Enabled but left out of the layout: `/lines` does not list it; the main page's chart is its last 30 whole days.
    id: 'newTxnsWindow',
    title: 'Daily transactions',
    description: 'The chart displays daily transactions for the past 30 days',
    section: null,
    resolutions: ['DAY'],
    fill: 'zero',
    series: newTxns,
    windowDays: 30,
  },
];

/** A line chart by id, or undefined. */
export const lineChartSpec = (id: string): LineChartSpec | undefined => LINE_CHARTS.find((c) => c.id === id);
