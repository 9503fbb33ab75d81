import type { ApiContext } from './context.js';
import type { ApiResponse } from './response.js';

/** An endpoint: path parameters (percent-decoded) and the query in, a response out. */
export type Handler = (ctx: ApiContext, params: readonly string[], query: URLSearchParams) => ApiResponse;
