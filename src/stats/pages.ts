import { counter } from './counterCatalogue.js';
import { lineChart } from './lineChart.js';
import { lineChartSpec } from './lineChartCatalogue.js';
import type { ContractsPageStats, LineChart, MainPageStats, TransactionsPageStats } from './messages.js';
import { nowOf, type StatsContext } from './statsContext.js';

/** Days of the main page's chart. */
const WINDOW = 30;

/**
 * The main page's chart (`query_window_chart`): `newTxnsWindow` read over [today − 31, today], its
 * approximate point (today's) dropped, the last 30 kept: the 30 whole days before the head's day.
 */
function dailyNewTransactions(ctx: StatsContext): LineChart {
  const today = Math.floor(nowOf(ctx) / 86_400);
  const chart = lineChart(ctx, lineChartSpec('newTxnsWindow')!, 'DAY', { from: today - WINDOW - 1, to: today });
  return { ...chart, chart: chart.chart.filter((p) => !p.is_approximate).slice(-WINDOW) };
}

/** `/pages/main`: the home page's counters and chart (the rollup-only fields absent). */
export const mainPage = (ctx: StatsContext): MainPageStats => ({
  average_block_time: counter(ctx, 'averageBlockTime'),
  total_addresses: counter(ctx, 'totalAddresses'),
  total_blocks: counter(ctx, 'totalBlocks'),
  total_transactions: counter(ctx, 'totalTxns'),
  yesterday_transactions: counter(ctx, 'yesterdayTxns'),
  total_operational_transactions: undefined,
  yesterday_operational_transactions: undefined,
  op_stack_total_operational_transactions: undefined,
  op_stack_yesterday_operational_transactions: undefined,
  daily_new_transactions: dailyNewTransactions(ctx),
  daily_new_operational_transactions: undefined,
  op_stack_daily_new_operational_transactions: undefined,
});

/** `/pages/transactions`: the transactions page's counters (the rollup and zetachain fields absent). */
export const transactionsPage = (ctx: StatsContext): TransactionsPageStats => ({
  pending_transactions_30m: counter(ctx, 'pendingTxns30m'),
  transactions_fee_24h: counter(ctx, 'txnsFee24h'),
  average_transactions_fee_24h: counter(ctx, 'averageTxnFee24h'),
  transactions_24h: counter(ctx, 'newTxns24h'),
  operational_transactions_24h: undefined,
  op_stack_operational_transactions_24h: undefined,
  total_zetachain_cross_chain_txns: undefined,
  new_zetachain_cross_chain_txns_24h: undefined,
  pending_zetachain_cross_chain_txns: undefined,
});

/** `/pages/contracts`: the verified-contracts page's counters. */
export const contractsPage = (ctx: StatsContext): ContractsPageStats => ({
  total_contracts: counter(ctx, 'totalContracts'),
  new_contracts_24h: counter(ctx, 'newContracts24h'),
  total_verified_contracts: counter(ctx, 'totalVerifiedContracts'),
  new_verified_contracts_24h: counter(ctx, 'newVerifiedContracts24h'),
});
