import { hasBlobs } from '../../domain/blobs.js';
import { VERSION } from '../../version.js';
import { CSV_EXPORT_LIMIT } from '../csv/csvResponse.js';
import type { EndpointHandler } from '../endpoint.js';
import { jsonResponse } from '../response.js';

/** `/config/backend-version`. */
export const backendVersion: EndpointHandler = () =>
  jsonResponse(200, { backend_version: `v11.2.7-explorer-mock.${VERSION}` });

/** `/config/csv-export`: exports are answered at once (the explorer's asynchronous exports are off). */
export const csvExportConfig: EndpointHandler = () =>
  jsonResponse(200, { limit: CSV_EXPORT_LIMIT, async_enabled: false });

/** `/config/backend`: a chain with blobs is the explorer's `ethereum` chain type (its blob and beacon fields); another a plain chain, no chain type. */
export const backendConfig: EndpointHandler = (ctx) =>
  jsonResponse(200, { chain_type: hasBlobs(ctx.chain) ? 'ethereum' : null, openapi_spec_folder_name: 'default' });

/** The languages of the explorer's smart-contract schema on a plain chain, in its order. */
const CONTRACT_LANGUAGES = ['solidity', 'vyper', 'yul', 'geas'] as const;

/** `/config/smart-contracts/languages`. */
export const contractLanguages: EndpointHandler = () => jsonResponse(200, { languages: CONTRACT_LANGUAGES });

/** `/config/indexer`: a mock has indexed everything, with every fetcher on. */
export const indexerConfig: EndpointHandler = () =>
  jsonResponse(200, {
    indexer_enabled: true,
    internal_transactions_fetcher_enabled: true,
    pending_transactions_fetcher_enabled: true,
    block_reward_fetcher_enabled: true,
    token_instance_retry_fetcher_enabled: true,
    token_instance_sanitize_fetcher_enabled: true,
  });
