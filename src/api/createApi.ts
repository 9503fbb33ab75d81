import type { Chain } from '../chain/types.js';
import { type ApiContext, createApiContext } from './context.js';
import { ApiError, errorResponse, INTERNAL_ERROR, unknownAction } from './errors.js';
import { decodeSegment } from './params.js';
import type { ApiHandler, ApiResponse } from './response.js';
import { matchRoute } from './routes.js';
import { lru } from '../views/lru.js';

const PREFIX = '/api/v2';

export interface CreateApiOptions {
  /** Bytes of response bodies kept for repeated requests (default 64 MB). */
  readonly responseCacheBytes?: number;
  /** Called with every unexpected error (a bug): the answer is then a 500. */
  readonly onError?: (error: unknown, pathname: string) => void;
}

/** A response with its body's UTF-8 bytes, ready to send. */
export interface EncodedResponse extends ApiResponse {
  readonly bytes: Uint8Array;
}

function answer(ctx: ApiContext, pathname: string, query: URLSearchParams, onError: CreateApiOptions['onError']): ApiResponse {
  let path = pathname.slice(PREFIX.length);
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  const route = matchRoute(path);
  if (!route) return errorResponse(unknownAction());
  try {
    return route.handler(ctx, route.params.map(decodeSegment), query);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    onError?.(error, pathname);
    return INTERNAL_ERROR;
  }
}

/**
 * The API core: answers a GET under `/api/v2` from the chain, as a pure function of the path and
 * query. Responses are memoised (the chain never changes), so repeated pages cost a lookup.
 *
 * @example
 * const api = createApi(buildChain({ scenario: 'tiny' }));
 * const { status, body } = api('/api/v2/blocks', new URLSearchParams());
 */
export function createApi(chain: Chain, options: CreateApiOptions = {}): ApiHandler & ((pathname: string, query: URLSearchParams) => EncodedResponse) {
  const ctx = createApiContext(chain);
  const cache = lru<EncodedResponse & { length: number }>(options.responseCacheBytes ?? 64 * 1024 * 1024);
  const onError = options.onError ?? ((error: unknown, pathname: string) => console.error(`explorer-mock: 500 on ${pathname}:`, error));
  return (pathname, query) => {
    if (!pathname.startsWith(PREFIX) || (pathname.length > PREFIX.length && pathname[PREFIX.length] !== '/')) {
      const response = errorResponse(unknownAction());
      return { ...response, bytes: Buffer.from(response.body) };
    }
    const key = `${pathname}?${query.toString()}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const response = answer(ctx, pathname, query, onError);
    const bytes = Buffer.from(response.body);
    const encoded = { status: response.status, body: response.body, bytes, length: bytes.length };
    return response.status === 500 ? encoded : cache.set(key, encoded);
  };
}
