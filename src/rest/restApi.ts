import type { Chain } from '../chain/types.js';
import type { Profile } from '../views/context.js';
import { type RestContext, createRestContext } from './context.js';
import { ApiError, errorResponse, INTERNAL_ERROR, unknownAction } from './errors.js';
import { decodeSegment } from './params.js';
import type { ApiHandler, ApiResponse } from './response.js';
import { matchRoute } from './routes.js';
import { ModuleNotLoaded } from '../lazy/lazyModule.js';
import { warmUp } from '../views/warmUp.js';
import type { Mempool } from '../domain/mempool.js';

const PREFIX = '/api/v2';

export interface CreateApiOptions {
  /** Whose answers to give: the seed spec's (default) or Blockscout v11's. */
  readonly profile?: Profile;
  /** Called with every unexpected error (a bug): the answer is then a 500. */
  readonly onError?: (error: unknown, pathname: string) => void;
  /** The transactions in front of the head (default: none). */
  readonly mempool?: () => Mempool | undefined;
}

function answer(
  ctx: RestContext,
  pathname: string,
  query: URLSearchParams,
  onError: CreateApiOptions['onError'],
): ApiResponse {
  let path = pathname.slice(PREFIX.length);
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  const route = matchRoute(path);
  if (!route) return errorResponse(unknownAction());
  try {
    return route.handler(ctx, route.params.map(decodeSegment), query);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error, ctx.profile);
    if (error instanceof ModuleNotLoaded) throw error;
    onError?.(error, pathname);
    return INTERNAL_ERROR;
  }
}

/**
 * The API core: answers a GET under `/api/v2` from the chain, as a pure function of the path and
 * query. Each entity's JSON is made once (the chain never changes) and pages are assembled from
 * the pieces; the adapters keep whole answers (`cachedAnswers`). It loads the views' heavy modules
 * only when an answer needs one: until then such an answer throws `ModuleNotLoaded`, which the
 * HTTP layer waits out (`createApi` is the synchronous form, with every module loaded).
 */
export function createRestApi(chain: Chain, options: CreateApiOptions = {}): RestApi {
  const ctx = createRestContext(chain, options.profile, options.mempool);
  const onError =
    options.onError ??
    ((error: unknown, pathname: string) => console.error(`explorer-mock: 500 on ${pathname}:`, error));
  const handler: ApiHandler = (pathname, query) => {
    if (!pathname.startsWith(PREFIX) || (pathname.length > PREFIX.length && pathname[PREFIX.length] !== '/'))
      return errorResponse(unknownAction());
    return answer(ctx, pathname, query, onError);
  };
  return Object.assign(handler, { warmUp: (signal?: AbortSignal) => warmUp(ctx, signal) });
}

/** The API core, and a way to render the newest entities ahead of the first requests. */
export interface RestApi extends ApiHandler {
  /** Renders entities' JSON in idle slices of the event loop; resolves when done or aborted. */
  warmUp(signal?: AbortSignal): Promise<void>;
}
