import type { ExtraRoute } from '../http/answerHttp.js';
import type { RestContext } from '../rest/context.js';
import { answerV1CsvExport } from '../rest/csv/v1CsvExports.js';

/**
 * The explorer's older CSV export paths (`/api/v1/transactions-csv`…), answered from the REST
 * API's views. They sit under `/api/v1` beside the Etherscan-compatible API, which answers only
 * `/api/v1` itself and paths with `module` and `action`.
 */
export const csvExportRoutes =
  (ctx: RestContext): ExtraRoute =>
  (path, query) =>
    answerV1CsvExport(ctx, path, query);
