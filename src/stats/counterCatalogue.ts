import { chainTotals, lastDay, utcDay } from '../domain/chainStats.js';
import { contractsWithCode, verifiedContracts } from '../domain/contracts.js';
import { lastDayContracts } from '../domain/dailyStatsContracts.js';
import { dayStatsOn, statsTotals } from '../domain/dailyStatsTotals.js';
import { tokensInExplorerOrder } from '../domain/tokens.js';
import { decimalRatio } from './decimalRatio.js';
import { f64Display } from './f64Display.js';
import { COIN_SYMBOL } from './lineChartCatalogue.js';
import type { Counter } from './messages.js';
import { nowOf, type StatsContext } from './statsContext.js';

/** A counter of the default configuration: its info (`charts.json`) and its value at the head. */
interface CounterSpec {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly units?: string;
  readonly value: (ctx: StatsContext) => string | number;
}

const ETHER = 10n ** 18n;
const DAY = 86_400;
const headDay = (ctx: StatsContext, daysBack = 0) => utcDay(nowOf(ctx) - daysBack * DAY);

/**
 * The counters `/counters` lists, in the layout's order (`counters_order`), then the ones only the
 * pages show. The same figures as the REST API's `/stats`, `/transactions/stats` and
 * `/smart-contracts/counters` where those state them (the same domain facts); "today", "yesterday"
 * and "24h" are relative to the head block's time. The user-operation counters wait for ERC-4337
 * indexing, so the service leaves them out.
 */
const COUNTERS: readonly CounterSpec[] = [
  {
    id: 'averageBlockTime',
    title: 'Average block time',
    description: 'Average time taken in seconds for a block to be included in the blockchain',
    units: 's',
    value: (ctx) => chainTotals(ctx.facts).averageBlockTimeMs / 1000,
  },
  {
    id: 'completedTxns',
    title: 'Completed txns',
    description: 'Number of transactions with success status',
    value: (ctx) => statsTotals(ctx.facts).successful,
  },
  {
    id: 'lastNewContracts',
    title: 'Number of contracts today',
    description: 'Number of deployed contracts today (UTC)',
    value: (ctx) => dayStatsOn(ctx.facts, headDay(ctx))?.newContracts ?? 0,
  },
  {
    id: 'lastNewVerifiedContracts',
    title: 'Number of verified contracts today',
    description: 'Number of contracts verified today (UTC)',
    value: (ctx) => dayStatsOn(ctx.facts, headDay(ctx))?.newVerifiedContracts ?? 0,
  },
  {
    id: 'totalAccounts',
    title: 'Total accounts',
    description: 'Number of EOAs that sent at least 1 transaction',
    value: (ctx) => statsTotals(ctx.facts).senders,
  },
  {
    id: 'totalAddresses',
    title: 'Total addresses',
    description: 'Number of addresses that participated in the blockchain',
    value: (ctx) => ctx.chain.accounts.length,
  },
  {
    id: 'totalBlocks',
    title: 'Total blocks',
    description: 'Number of blocks over all time',
    value: (ctx) => ctx.chain.headHeight + 1,
  },
  {
    id: 'totalContracts',
    title: 'Total contracts',
    description: 'Number of contracts',
    value: (ctx) => contractsWithCode(ctx.facts).length,
  },
  {
    id: 'totalNativeCoinTransfers',
    title: `Total ${COIN_SYMBOL} transfers`,
    description: `Number of transactions with the transfer of the ${COIN_SYMBOL}`,
    value: (ctx) => statsTotals(ctx.facts).nativeCoinTransfers,
  },
  {
    id: 'totalTokens',
    title: 'Total tokens',
    description: 'Number of all token contracts',
    value: (ctx) => tokensInExplorerOrder(ctx.facts).ids.length,
  },
  {
    id: 'totalTxns',
    title: 'Total txns',
    description: 'All transactions including pending, dropped, replaced, failed transactions',
    value: (ctx) => ctx.chain.transactions.length,
  },
  {
    id: 'totalVerifiedContracts',
    title: 'Total verified contracts',
    description: 'Number of verified contracts',
    value: (ctx) => verifiedContracts(ctx.facts).length,
  },
  {
    id: 'newTxns24h',
    title: 'Transactions (24h)',
    description: 'Number of new transactions within the last 24 hours',
    value: (ctx) => lastDay(ctx.facts).transactions,
  },
  {
    id: 'pendingTxns30m',
    title: 'Pending transactions (30m)',
    description: 'Transactions in the past 30 minutes waiting to be processed by the network',
    value: (ctx) => ctx.mempool()?.list().length ?? 0,
  },
  {
    id: 'txnsFee24h',
    title: 'Transactions fees (24h)',
    description: `Sum of ${COIN_SYMBOL} spent on gas fees within the last 24 hours`,
    units: COIN_SYMBOL,
    value: (ctx) => decimalRatio(lastDay(ctx.facts).fees, ETHER),
  },
  {
    id: 'averageTxnFee24h',
    title: 'Avg. transaction fee (24h)',
    description: `Average amount of ${COIN_SYMBOL} spent on gas fees per transaction within the last 24 hours`,
    units: COIN_SYMBOL,
    value: (ctx) => {
      const day = lastDay(ctx.facts);
      return decimalRatio(day.fees, BigInt(day.transactions) * ETHER);
    },
  },
  // Not in the layout: served by the pages only.
  {
    id: 'yesterdayTxns',
    title: 'Yesterday txns',
    description: 'Number of transactions yesterday (0:00 - 23:59 UTC)',
    value: (ctx) => dayStatsOn(ctx.facts, headDay(ctx, 1))?.transactions ?? 0,
  },
  {
    id: 'newContracts24h',
    title: 'Number of contracts (24h)',
    description: 'Number of deployed contracts within the last 24 hours',
    value: (ctx) => lastDayContracts(ctx.facts).created,
  },
  {
    id: 'newVerifiedContracts24h',
    title: 'Number of verified contracts (24h)',
    description: 'Number of contracts verified within the last 24 hours',
    value: (ctx) => lastDayContracts(ctx.facts).verified,
  },
];

/** Ids of the counters only the pages show. */
const PAGE_ONLY = new Set(['yesterdayTxns', 'newContracts24h', 'newVerifiedContracts24h']);

/** The counter `id` at the head (integers as decimal strings, floats as Rust writes an f64). */
export function counter(ctx: StatsContext, id: string): Counter {
  const spec = COUNTERS.find((c) => c.id === id);
  if (!spec) throw new Error(`explorer-mock: no stats counter ${id}`);
  const value = spec.value(ctx);
  return {
    id: spec.id,
    value: typeof value === 'number' ? f64Display(value) : value,
    title: spec.title,
    units: spec.units,
    description: spec.description,
  };
}

/** Every counter `/counters` lists, in its order. */
export const listedCounters = (ctx: StatsContext): Counter[] =>
  COUNTERS.filter((c) => !PAGE_ONLY.has(c.id)).map((c) => counter(ctx, c.id));
