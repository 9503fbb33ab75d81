import { VERSION } from '../../version.js';
import { heavy } from '../../views/heavy.js';
import type { ApiContext } from '../context.js';
import type { Handler } from '../handler.js';
import type { ApiResponse } from '../response.js';
import { matchRoute } from '../routes.js';

const documents = new WeakMap<ApiContext, string>();

/** `/openapi`: the OpenAPI 3.1 document, generated once per chain from the schemas. */
export const openapi: Handler = (ctx) => {
  let body = documents.get(ctx);
  if (!body) {
    const api = (pathname: string, query: URLSearchParams): ApiResponse => {
      const route = matchRoute(pathname.slice('/api/v2'.length))!;
      return route.handler(ctx, route.params, query);
    };
    body = JSON.stringify(heavy.openapi.get().openApiDocument(ctx.chain, api, VERSION, ctx.profile));
    documents.set(ctx, body);
  }
  return { status: 200, body };
};
