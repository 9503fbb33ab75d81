import type { Chain } from '../chain/types.js';
import type { Mempool } from '../domain/mempool.js';
import { ModuleNotLoaded } from '../lazy/lazyModule.js';
import type { Profile } from '../schemas/profile.js';
import { createRestContext, type RestContext } from './context.js';
import { ApiError, errorResponse, INTERNAL_ERROR, unknownAction } from './errors.js';
import { decodeSegment } from './params.js';
import type { ApiHandler, ApiResponse } from './response.js';
import { CSV_ROUTES } from './csv/csvRoutes.js';
import { type Route, ROUTES, routeMatcher, type RouteMatcher } from './routes.js';

const PREFIX = '/api/v2';

export interface CreateApiOptions {
  /** Whose answers to give: the seed spec's (default) or Blockscout v11's. */
  readonly profile?: Profile;
  /** Called with every unexpected error (a bug): the answer is then a 500. */
  readonly onError?: (error: unknown, pathname: string) => void;
  /** The transactions in front of the head (default: none). */
  readonly mempool?: () => Mempool | undefined;
  /** The routes served (default `ROUTES` and `CSV_ROUTES`; the app adds the OpenAPI document's). */
  readonly routes?: readonly Route[];
  /** The origin the mock is reached at, where NFT media URLs point (default `http://127.0.0.1:4000`). */
  readonly origin?: () => string;
}

/**
 * What follows the prefix in a path under it, without a trailing slash: one more than the mount
 * table drops, so `/api/v2/blocks//` is `/blocks` (as the explorer's router ignores empty segments).
 */
function underPrefix(pathname: string): string {
  const path = pathname.slice(PREFIX.length);
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The answer to `pathname`, a path under the prefix; `path` is what follows the prefix. */
function answer(
  ctx: RestContext,
  match: RouteMatcher,
  pathname: string,
  path: string,
  query: URLSearchParams,
  onError: (error: unknown, pathname: string) => void,
): ApiResponse {
  const route = match(path);
  if (!route) return errorResponse(unknownAction(), ctx.format);
  try {
    return route.handler(ctx, route.params.map(decodeSegment), query);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error, ctx.format);
    if (error instanceof ModuleNotLoaded) throw error;
    onError(error, pathname);
    return INTERNAL_ERROR;
  }
}

/** The REST API core, and a way to render the newest entities ahead of the first requests. */
export interface RestApi extends ApiHandler {
  /** Renders entities' JSON (at most `maxBytes`) in idle slices of the event loop; resolves when done or aborted. */
  warmUp(signal?: AbortSignal, maxBytes?: number): Promise<void>;
  /** What the endpoints read: the chain's views and facts. */
  readonly context: RestContext;
  /** The answer to a path the app's mount table found under `/api/v2`: the handler's, without checking the prefix again. */
  readonly mounted: (pathname: string, query: URLSearchParams) => ApiResponse;
}

/**
 * The REST API v2 core: answers a GET under `/api/v2` from the chain, as a pure function of the
 * path and query. Each entity's JSON is made once (the chain never changes) and pages are
 * assembled from the pieces; the HTTP layer keeps whole answers (`cachedAnswers`). Facts that
 * need a lazily loaded module throw `ModuleNotLoaded` until it is there, which the HTTP layer
 * waits out (`createApi` is the synchronous form, with every module loaded).
 */
export function createRestApi(chain: Chain, options: CreateApiOptions = {}): RestApi {
  const context = createRestContext(chain, options.profile, options.mempool, options.origin);
  const match = routeMatcher(options.routes ?? [...ROUTES, ...CSV_ROUTES]);
  const onError =
    options.onError ??
    ((error: unknown, pathname: string) => console.error(`explorer-mock: 500 on ${pathname}:`, error));
  const handler: ApiHandler = (pathname, query) => {
    if (!pathname.startsWith(PREFIX) || (pathname.length > PREFIX.length && pathname[PREFIX.length] !== '/'))
      return errorResponse(unknownAction(), context.format);
    return answer(context, match, pathname, underPrefix(pathname), query, onError);
  };
  return Object.assign(handler, {
    context,
    mounted: (pathname: string, query: URLSearchParams) =>
      answer(context, match, pathname, underPrefix(pathname), query, onError),
    // Its views load with it: the first answers do not wait for them.
    warmUp: async (signal?: AbortSignal, maxBytes?: number) =>
      (await import('../views/warmUp.js')).warmUp(context, signal, maxBytes),
  });
}
