import type { RestContext } from '../context.js';
import { ApiError, errorResponse } from '../errors.js';
import type { ApiResponse } from '../response.js';
import { addressInternalTransactionsCsv } from './addressInternalTransactionsCsv.js';
import { addressLogsCsv } from './addressLogsCsv.js';
import { addressTokenTransfersCsv } from './addressTokenTransfersCsv.js';
import { addressTransactionsCsv } from './addressTransactionsCsv.js';
import type { AddressCsvExport } from './csvHandlers.js';
import { v1AddressCsvRequest } from './csvRequest.js';

/** The explorer's older export paths (removed in its v9; the May-2025 frontend still calls them), by path. */
const V1_EXPORTS: Readonly<Record<string, AddressCsvExport>> = {
  '/api/v1/transactions-csv': addressTransactionsCsv,
  '/api/v1/internal-transactions-csv': addressInternalTransactionsCsv,
  '/api/v1/token-transfers-csv': addressTokenTransfersCsv,
  '/api/v1/logs-csv': addressLogsCsv,
};

export const V1_CSV_PATHS: readonly string[] = Object.keys(V1_EXPORTS);

/**
 * The answer to a GET of an older export path (`address_id`, `from_period`, `to_period`,
 * `filter_type`, `filter_value` in the query; a `recaptcha_response` is taken as solved), or
 * undefined for another path. Errors in the profile's form.
 */
export function answerV1CsvExport(ctx: RestContext, path: string, query: URLSearchParams): ApiResponse | undefined {
  const exporter = V1_EXPORTS[path];
  if (!exporter) return undefined;
  try {
    return exporter(ctx, v1AddressCsvRequest(ctx, query));
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error, ctx.format);
    throw error;
  }
}
