import './loadModulesEagerly.js';
import type { Chain } from '../chain/types.js';
import { ALL_ROUTES } from '../openapi/openApiEndpoint.js';
import { type CreateApiOptions, createRestApi, type RestApi } from '../rest/restApi.js';

export type { CreateApiOptions, RestApi } from '../rest/restApi.js';

/**
 * The REST API as a synchronous function: answers a GET under `/api/v2` from the chain, as a pure
 * function of the path and query.
 *
 * @example
 * const api = createApi(buildChain({ scenario: 'tiny' }));
 * const { status, body } = api('/api/v2/blocks', new URLSearchParams());
 */
export const createApi = (chain: Chain, options: CreateApiOptions = {}): RestApi =>
  createRestApi(chain, { routes: ALL_ROUTES, ...options });
