import '../views/heavyEager.js';
import type { Chain } from '../chain/types.js';
import { type Api, createApiCore, type CreateApiOptions } from './apiCore.js';

export type { Api, CreateApiOptions } from './apiCore.js';

/**
 * The API as a synchronous function: answers a GET under `/api/v2` from the chain, as a pure
 * function of the path and query.
 *
 * @example
 * const api = createApi(buildChain({ scenario: 'tiny' }));
 * const { status, body } = api('/api/v2/blocks', new URLSearchParams());
 */
export const createApi = (chain: Chain, options: CreateApiOptions = {}): Api => createApiCore(chain, options);
