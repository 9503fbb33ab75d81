/**
 * The stats service's messages (`stats.proto`), as the answers are built before they are written
 * as JSON (`statsJson`): the same types as `@blockscout/stats-types` (a test checks they are equal;
 * the package is a dev dependency, so the published types do not name it). An absent optional field
 * is a key holding `undefined`, so each answer keeps the proto's key order.
 */

/** A resolution a line chart is served in (the request's `RESOLUTION_UNSPECIFIED` means `DAY`). */
export type Resolution = 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';

export const RESOLUTIONS: readonly Resolution[] = ['DAY', 'WEEK', 'MONTH', 'YEAR'];

export interface Counter {
  id: string;
  value: string;
  title: string;
  units?: string | undefined;
  description: string;
}

export interface Counters {
  counters: Counter[];
}

export interface LineChartInfo {
  id: string;
  title: string;
  description: string;
  units?: string | undefined;
  resolutions: string[];
}

export interface LineChartSection {
  id: string;
  title: string;
  charts: LineChartInfo[];
}

export interface LineCharts {
  sections: LineChartSection[];
}

export interface Point {
  date: string;
  date_to: string;
  value: string;
  is_approximate: boolean;
}

export interface LineChart {
  chart: Point[];
  info: LineChartInfo | undefined;
}

export interface MainPageStats {
  average_block_time?: Counter | undefined;
  total_addresses?: Counter | undefined;
  total_blocks?: Counter | undefined;
  total_transactions?: Counter | undefined;
  yesterday_transactions?: Counter | undefined;
  total_operational_transactions?: Counter | undefined;
  yesterday_operational_transactions?: Counter | undefined;
  op_stack_total_operational_transactions?: Counter | undefined;
  op_stack_yesterday_operational_transactions?: Counter | undefined;
  daily_new_transactions?: LineChart | undefined;
  daily_new_operational_transactions?: LineChart | undefined;
  op_stack_daily_new_operational_transactions?: LineChart | undefined;
}

/** With the three zetachain fields the service added after stats-types 2.9.0 (2.10). */
export interface TransactionsPageStats {
  pending_transactions_30m?: Counter | undefined;
  transactions_fee_24h?: Counter | undefined;
  average_transactions_fee_24h?: Counter | undefined;
  transactions_24h?: Counter | undefined;
  operational_transactions_24h?: Counter | undefined;
  op_stack_operational_transactions_24h?: Counter | undefined;
  total_zetachain_cross_chain_txns?: Counter | undefined;
  new_zetachain_cross_chain_txns_24h?: Counter | undefined;
  pending_zetachain_cross_chain_txns?: Counter | undefined;
}

export interface ContractsPageStats {
  total_contracts?: Counter | undefined;
  new_contracts_24h?: Counter | undefined;
  total_verified_contracts?: Counter | undefined;
  new_verified_contracts_24h?: Counter | undefined;
}

export type ChartSubsetUpdateStatus =
  | 'PENDING'
  | 'WAITING_FOR_STARTING_CONDITION'
  | 'QUEUED_FOR_INITIAL_UPDATE'
  | 'RUNNING_INITIAL_UPDATE'
  | 'COMPLETED_INITIAL_UPDATE';

/** With the zetachain field the service added after stats-types 2.9.0. */
export interface UpdateStatus {
  all_status: ChartSubsetUpdateStatus;
  independent_status: ChartSubsetUpdateStatus;
  blocks_dependent_status: ChartSubsetUpdateStatus;
  internal_transactions_dependent_status: ChartSubsetUpdateStatus;
  user_ops_dependent_status: ChartSubsetUpdateStatus;
  zetachain_cctx_dependent_status: ChartSubsetUpdateStatus;
}
