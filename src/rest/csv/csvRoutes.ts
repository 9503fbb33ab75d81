import { endpointsOf, type Route } from '../routes.js';

export type { AddressCsvExport } from './csvHandlers.js';

const csv = endpointsOf('CSV exports', () => import('./csvHandlers.js'));

/**
 * The REST API's synchronous CSV exports (`csv_export_controller.ex`, `advanced_filter_controller.ex`):
 * their bodies are CSV, not JSON, so they are routed beside `ROUTES`, not in it. Their code loads
 * on the first export asked for.
 */
export const CSV_ROUTES: readonly Route[] = [
  { template: '/addresses/{address_hash}/transactions/csv', handler: csv('addressTransactions') },
  { template: '/addresses/{address_hash}/internal-transactions/csv', handler: csv('addressInternalTransactions') },
  { template: '/addresses/{address_hash}/token-transfers/csv', handler: csv('addressTokenTransfers') },
  { template: '/addresses/{address_hash}/logs/csv', handler: csv('addressLogs') },
  { template: '/tokens/{address_hash}/holders/csv', handler: csv('tokenHolders') },
  { template: '/advanced-filters/csv', handler: csv('advancedFilters') },
];
