import { ROUTES } from '../api/routes.js';
import { z } from 'zod';
import type { ApiHandler } from '../api/response.js';
import type { Chain } from '../chain/types.js';
import { type Endpoint, endpoints, type QueryParameter } from '../schemas/endpoints.js';
import { schemas } from '../schemas/index.js';
import { exampleRequests } from './exampleRequests.js';

const ERROR_TEXT: Record<400 | 404 | 422, string> = {
  400: 'Unknown API v2 action (no endpoint has this path).',
  404: 'Not found: no such block, transaction or contract.',
  422: 'Invalid parameter(s): a malformed path parameter, filter value or cursor value.',
};

/** Every schema with an id, as OpenAPI components (JSON Schema 2020-12). */
function components(): Record<string, unknown> {
  // Importing `schemas` registers every resource schema; the registry then holds them by id.
  void schemas;
  const { schemas: all } = z.toJSONSchema(z.globalRegistry, {
    target: 'draft-2020-12',
    uri: (id) => `#/components/schemas/${id}`,
    unrepresentable: 'any',
  }) as { schemas: Record<string, Record<string, unknown>> };
  return Object.fromEntries(
    Object.entries(all).map(([id, schema]) => {
      const { $schema: _s, $id: _i, ...rest } = schema;
      return [id, rest];
    }),
  );
}

function queryParameter(p: QueryParameter) {
  const schema =
    p.values && !p.list
      ? { type: 'string', enum: p.values }
      : p.type === 'integer'
        ? { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER }
        : p.type === 'number'
          ? { type: 'number', minimum: 0 }
          : { type: 'string', ...(p.pattern ? { pattern: p.pattern } : {}) };
  return { name: p.name, in: 'query', required: false, description: `${p.kind === 'cursor' ? '' : 'Filter. '}${p.description}`, schema };
}

/** A response body shortened to two items, so the document stays small. */
function example(api: ApiHandler, path: string): unknown {
  const body = JSON.parse(api(`/api/v2${path}`, new URLSearchParams()).body) as Record<string, unknown>;
  return Array.isArray(body.items) ? { ...body, items: body.items.slice(0, 2) } : body;
}

function operation(endpoint: Endpoint, api: ApiHandler, examplePath: string) {
  const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
  const responseId = (schemas.responses[endpoint.response].meta() as { id: string }).id;
  const errors = [400, ...endpoint.errors] as (400 | 404 | 422)[];
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    description: `Endpoint ${endpoint.number}. Example request: \`GET /api/v2${examplePath}\`.`,
    parameters: [
      ...endpoint.pathParameters.map((p) => ({ name: p.name, in: 'path', required: true, description: p.description, schema: { type: 'string', pattern: p.pattern } })),
      ...endpoint.query.map(queryParameter),
    ],
    responses: {
      200: { description: 'Success.', content: { 'application/json': { schema: ref(responseId), example: example(api, examplePath) } } },
      ...Object.fromEntries(errors.map((status) => [status, { description: ERROR_TEXT[status], content: { 'application/json': { schema: ref('Error') } } }])),
    },
  };
}

/** The OpenAPI 3.1 document of the API, generated from the schemas, with examples from `chain`. */
export function openApiDocument(chain: Chain, api: ApiHandler, version: string) {
  const examples = exampleRequests(chain);
  const paths: Record<string, unknown> = {};
  for (const endpoint of endpoints) paths[endpoint.path] = { get: operation(endpoint, api, examples[endpoint.operationId]!) };
  paths['/openapi'] = {
    get: {
      operationId: 'getOpenApiDocument',
      summary: 'This document.',
      responses: { 200: { description: 'The OpenAPI 3.1 document.', content: { 'application/json': { schema: { type: 'object' } } } } },
    },
  };
  // The endpoints explorer pages call beyond the twelve: documented by path and parameters; their
  // shapes are the active profile's (README: "The Blockscout profile").
  const errorRef = { $ref: '#/components/schemas/Error' };
  for (const route of ROUTES) {
    if (paths[route.template]) continue;
    const names = [...route.template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    paths[route.template] = {
      get: {
        operationId: `get${route.template.replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
        summary: `GET ${route.template}, as explorer pages call it.`,
        parameters: names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
        responses: {
          200: { description: 'Success.', content: { 'application/json': { schema: {} } } },
          400: { description: ERROR_TEXT[400], content: { 'application/json': { schema: errorRef } } },
          404: { description: 'Not found.', content: { 'application/json': { schema: errorRef } } },
          422: { description: 'Invalid parameter(s).', content: { 'application/json': { schema: errorRef } } },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'explorer-mock: blockchain explorer API v2',
      version,
      description: `A deterministic mock of a blockchain explorer's read API. Scenario ${chain.scenario.name}, seed ${chain.seed}. Lists hold 50 items; send every key of next_page_params back, beside the filters, for the next page.`,
    },
    servers: [{ url: '/api/v2' }],
    paths,
    components: { schemas: components() },
  };
}
