import type { RestContext } from './context.js';
import type { ApiResponse } from './response.js';

/** An endpoint: path parameters (percent-decoded) and the query in, a response out. */
export type EndpointHandler = (ctx: RestContext, params: readonly string[], query: URLSearchParams) => ApiResponse;
