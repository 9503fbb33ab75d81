import { lazyModule } from '../lazy/lazyModule.js';
import type { RestContext } from '../rest/context.js';
import type { EndpointHandler } from '../rest/endpoint.js';
import type { ApiResponse } from '../rest/response.js';
import { CSV_ROUTES } from '../rest/csv/csvRoutes.js';
import { type Route, ROUTES, routeMatcher } from '../rest/routes.js';
import { VERSION } from '../version.js';

/** The document's generator (zod's JSON Schema), loaded the first time it is asked for. */
export const openApiModule = lazyModule('the OpenAPI document', () => import('./openApiDocument.js'));

const documents = new WeakMap<RestContext, string>();
const match = routeMatcher(ROUTES);

/** `/openapi`: the OpenAPI 3.1 document, generated once per chain from the schemas, with examples from the chain. */
const openapi: EndpointHandler = (ctx) => {
  let body = documents.get(ctx);
  if (!body) {
    const api = (pathname: string, query: URLSearchParams): ApiResponse => {
      const route = match(pathname.slice('/api/v2'.length))!;
      return route.handler(ctx, route.params, query);
    };
    body = JSON.stringify(openApiModule.get().openApiDocument(ctx.chain, api, VERSION, ctx.profile));
    documents.set(ctx, body);
  }
  return { status: 200, body };
};

export const OPENAPI_ROUTE: Route = { template: '/openapi', handler: openapi };

/** Every route of the REST API, the CSV exports' and the OpenAPI document's included. */
export const ALL_ROUTES: readonly Route[] = [...ROUTES, ...CSV_ROUTES, OPENAPI_ROUTE];
