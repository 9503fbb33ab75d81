import type { RestContext } from '../context.js';
import type { EndpointHandler } from '../endpoint.js';
import type { ApiResponse } from '../response.js';
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

/** The CSV exports' handlers, by route (`CSV_ROUTES`). */
export const addressTransactions = onPath(addressTransactionsCsv);
export const addressInternalTransactions = onPath(addressInternalTransactionsCsv);
export const addressTokenTransfers = onPath(addressTokenTransfersCsv);
export const addressLogs = onPath(addressLogsCsv);
export { advancedFiltersCsv as advancedFilters, tokenHoldersCsv as tokenHolders };
