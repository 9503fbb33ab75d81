import type { Mount } from '../http/answerHttp.js';
import { lazyModule } from '../lazy/lazyModule.js';
import type { RestContext } from '../rest/context.js';

/** The older exports' code, loaded on the first request under `/api/v1`. */
export const v1CsvModule = lazyModule('the explorer’s older CSV exports', () => import('../rest/csv/v1CsvExports.js'));

/**
 * The explorer's older CSV export paths (`/api/v1/transactions-csv`…), answered from the REST
 * API's views. They sit under `/api/v1` beside the Etherscan-compatible API, which answers only
 * `/api/v1` itself and paths with `module` and `action`.
 */
export const csvExportMount = (ctx: RestContext): Mount => ({
  path: '/api/v1',
  // Any other path under /api/v1 is left to the Etherscan-compatible API (mounted after).
  get: (path, query) => v1CsvModule.get().answerV1CsvExport(ctx, path, query),
});
