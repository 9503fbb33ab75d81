import './loadModulesEagerly.js';
import type { Chain } from '../chain/types.js';
import { type RestApi, createRestApi, type CreateApiOptions } from '../rest/restApi.js';

export type { RestApi, CreateApiOptions } from '../rest/restApi.js';

/**
 * The API as a synchronous function: answers a GET under `/api/v2` from the chain, as a pure
 * function of the path and query.
 *
 * @example
 * const api = createApi(buildChain({ scenario: 'tiny' }));
 * const { status, body } = api('/api/v2/blocks', new URLSearchParams());
 */
export const createApi = (chain: Chain, options: CreateApiOptions = {}): RestApi => createRestApi(chain, options);
