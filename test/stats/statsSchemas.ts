import { z } from 'zod';

/**
 * The stats service's JSON (`stats.proto` through serde): snake_case keys, every field present
 * (an absent optional one as null), values as strings, a point's `is_approximate` only when true.
 * `schemas.test.ts` checks their types against @blockscout/stats-types.
 */
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A value as the service writes an integer or an f64: no exponent, no trailing `.0`. */
const VALUE = /^-?(0|[1-9]\d*)(\.\d*[1-9])?$/;

export const counterJson = z.strictObject({
  id: z.string().regex(/^[a-z][A-Za-z0-9]*$/),
  value: z.string().regex(VALUE),
  title: z.string().min(1),
  units: z.string().nullable(),
  description: z.string().min(1),
});

export const countersJson = z.strictObject({ counters: z.array(counterJson) });

export const lineChartInfoJson = z.strictObject({
  id: z.string(),
  title: z.string().min(1),
  description: z.string().min(1),
  units: z.string().nullable(),
  resolutions: z.array(z.enum(['DAY', 'WEEK', 'MONTH', 'YEAR'])).min(1),
});

export const lineChartsJson = z.strictObject({
  sections: z.array(z.strictObject({ id: z.string(), title: z.string(), charts: z.array(lineChartInfoJson) })),
});

export const pointJson = z.strictObject({
  date: z.string().regex(DATE),
  date_to: z.string().regex(DATE),
  value: z.string().regex(VALUE),
  is_approximate: z.literal(true).optional(),
});

export const lineChartJson = z.strictObject({ chart: z.array(pointJson), info: lineChartInfoJson });

export const mainPageJson = z.strictObject({
  average_block_time: counterJson.nullable(),
  total_addresses: counterJson.nullable(),
  total_blocks: counterJson.nullable(),
  total_transactions: counterJson.nullable(),
  yesterday_transactions: counterJson.nullable(),
  total_operational_transactions: counterJson.nullable(),
  yesterday_operational_transactions: counterJson.nullable(),
  op_stack_total_operational_transactions: counterJson.nullable(),
  op_stack_yesterday_operational_transactions: counterJson.nullable(),
  daily_new_transactions: lineChartJson.nullable(),
  daily_new_operational_transactions: lineChartJson.nullable(),
  op_stack_daily_new_operational_transactions: lineChartJson.nullable(),
});

export const transactionsPageJson = z.strictObject({
  pending_transactions_30m: counterJson.nullable(),
  transactions_fee_24h: counterJson.nullable(),
  average_transactions_fee_24h: counterJson.nullable(),
  transactions_24h: counterJson.nullable(),
  operational_transactions_24h: counterJson.nullable(),
  op_stack_operational_transactions_24h: counterJson.nullable(),
  total_zetachain_cross_chain_txns: counterJson.nullable(),
  new_zetachain_cross_chain_txns_24h: counterJson.nullable(),
  pending_zetachain_cross_chain_txns: counterJson.nullable(),
});

export const contractsPageJson = z.strictObject({
  total_contracts: counterJson.nullable(),
  new_contracts_24h: counterJson.nullable(),
  total_verified_contracts: counterJson.nullable(),
  new_verified_contracts_24h: counterJson.nullable(),
});

const updateStatus = z.enum([
  'PENDING',
  'WAITING_FOR_STARTING_CONDITION',
  'QUEUED_FOR_INITIAL_UPDATE',
  'RUNNING_INITIAL_UPDATE',
  'COMPLETED_INITIAL_UPDATE',
]);

export const updateStatusJson = z.strictObject({
  all_status: updateStatus,
  independent_status: updateStatus,
  blocks_dependent_status: updateStatus,
  internal_transactions_dependent_status: updateStatus,
  user_ops_dependent_status: updateStatus,
  zetachain_cctx_dependent_status: updateStatus,
});

/** The gRPC gateway's error body: the gRPC status code and a message. */
export const errorJson = z.strictObject({ code: z.number().int(), message: z.string().min(1) });
