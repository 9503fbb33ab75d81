import type { RestContext } from '../context.js';
import type { EndpointHandler } from '../endpoint.js';
import type { ApiResponse } from '../response.js';
import type { Route } from '../routes.js';
import { addressInternalTransactionsCsv } from './addressInternalTransactionsCsv.js';
import { addressLogsCsv } from './addressLogsCsv.js';
import { addressTokenTransfersCsv } from './addressTokenTransfersCsv.js';
import { addressTransactionsCsv } from './addressTransactionsCsv.js';
import { advancedFiltersCsv } from './advancedFiltersCsv.js';
import { type AddressCsvRequest, addressCsvRequest } from './csvRequest.js';
import { tokenHoldersCsv } from './tokenHoldersCsv.js';

/** An export of one address's rows. */
export type AddressCsvExport = (ctx: RestContext, request: AddressCsvRequest) => ApiResponse;

const onPath =
  (exporter: AddressCsvExport): EndpointHandler =>
  (ctx, [raw], query) =>
    exporter(ctx, addressCsvRequest(ctx, raw!, query));

/**
 * The REST API's synchronous CSV exports (`csv_export_controller.ex`, `advanced_filter_controller.ex`):
 * their bodies are CSV, not JSON, so they are routed beside `ROUTES`, not in it.
 */
export const CSV_ROUTES: readonly Route[] = [
  { template: '/addresses/{address_hash}/transactions/csv', handler: onPath(addressTransactionsCsv) },
  { template: '/addresses/{address_hash}/internal-transactions/csv', handler: onPath(addressInternalTransactionsCsv) },
  { template: '/addresses/{address_hash}/token-transfers/csv', handler: onPath(addressTokenTransfersCsv) },
  { template: '/addresses/{address_hash}/logs/csv', handler: onPath(addressLogsCsv) },
  { template: '/tokens/{address_hash}/holders/csv', handler: tokenHoldersCsv },
  { template: '/advanced-filters/csv', handler: advancedFiltersCsv },
];
