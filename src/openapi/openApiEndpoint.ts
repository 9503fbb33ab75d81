import { VERSION } from '../version.js';
import { heavy } from '../domain/lazyModules.js';
import type { RestContext } from '../rest/context.js';
import type { EndpointHandler } from '../rest/endpoint.js';
import type { ApiResponse } from '../rest/response.js';
import { matchRoute } from '../rest/routes.js';

const documents = new WeakMap<RestContext, string>();

/** `/openapi`: the OpenAPI 3.1 document, generated once per chain from the schemas. */
export const openapi: EndpointHandler = (ctx) => {
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
