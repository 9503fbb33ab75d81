import { CSV_ROUTES } from '../rest/csv/csvRoutes.js';
import { USER_OPS_PREFIX, userOpsError } from '../schemas/userOps.js';
import { ROUTES } from '../rest/routes.js';
import { z } from 'zod';
import type { ApiHandler } from '../rest/response.js';
import type { Chain } from '../chain/types.js';
import { type Endpoint, endpoints, type QueryParameter } from '../schemas/endpoints.js';
import { profileSchemas } from '../schemas/profileSchemas.js';
import type { Profile } from '../schemas/profile.js';
import { exampleRequests } from './exampleRequests.js';

const ERROR_TEXT: Record<400 | 404 | 422, string> = {
  400: 'Unknown API v2 action (no endpoint has this path).',
  404: 'Not found: no such block, transaction or contract.',
  422: 'Invalid parameter(s): a malformed path parameter, filter value or cursor value.',
};

const USER_OPS_ERROR_ID = 'UserOpsIndexerError';
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const pascal = (text: string) =>
  text
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

/** The response schema of every route in `profile`, each with the component id it is published under (its own, or one named after the route; routes sharing a schema share its id). */
function routeSchemas(profile: Profile): Map<string, { id: string; schema: z.ZodType }> {
  const { twelve, pages } = profileSchemas(profile);
  const prefix = profile === 'spec' ? '' : pascal(profile);
  const ids = new Map<z.ZodType, string>();
  const out = new Map<string, { id: string; schema: z.ZodType }>();
  const add = (template: string, schema: z.ZodType, name: string) => {
    const id = ids.get(schema) ?? (schema.meta() as { id?: string } | undefined)?.id ?? `${prefix}${name}Response`;
    ids.set(schema, id);
    out.set(template, { id, schema });
  };
  for (const e of endpoints) add(e.path, twelve[e.response], pascal(e.response));
  for (const [template, schema] of Object.entries(pages)) add(template, schema, pascal(template));
  return out;
}

/**
 * The components: every route's response schema and every resource schema it holds, as JSON Schema
 * 2020-12. Resources with an id of their own become components of their own, referenced by id.
 */
function components(
  routes: Map<string, { id: string; schema: z.ZodType }>,
  error: z.ZodType,
  errorId: string,
): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  for (const { id, schema } of routes.values()) if (!registry.has(schema)) registry.add(schema, { id });
  registry.add(error, { id: errorId });
  registry.add(userOpsError, { id: USER_OPS_ERROR_ID });
  const { schemas: all } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    uri: (id) => `#/components/schemas/${id}`,
    unrepresentable: 'any',
  }) as {
    schemas: Record<string, Record<string, unknown>>;
  };
  const { __shared: shared, ...own } = all;
  const defs = ((shared as { $defs?: Record<string, unknown> } | undefined)?.$defs ?? {}) as Record<
    string,
    Record<string, unknown>
  >;
  // Schemas that several responses share land in `__shared`; hoist them beside the others.
  const text = JSON.stringify({ ...own, ...defs }).replaceAll(
    '#/components/schemas/__shared#/$defs/',
    '#/components/schemas/',
  );
  return Object.fromEntries(
    Object.entries(JSON.parse(text) as Record<string, Record<string, unknown>>).map(([id, schema]) => {
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
  return {
    name: p.name,
    in: 'query',
    required: false,
    description: `${p.kind === 'cursor' ? '' : 'Filter. '}${p.description}`,
    schema,
  };
}

/** A response body shortened to two items, so the document stays small. */
function example(api: ApiHandler, path: string): unknown {
  const body = JSON.parse(api(`/api/v2${path}`, new URLSearchParams()).body) as Record<string, unknown>;
  return Array.isArray(body.items) ? { ...body, items: body.items.slice(0, 2) } : body;
}

function operation(endpoint: Endpoint, api: ApiHandler, examplePath: string, responseId: string, errorId: string) {
  const errors = [400, ...endpoint.errors] as (400 | 404 | 422)[];
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    description: `Endpoint ${endpoint.number}. Example request: \`GET /api/v2${examplePath}\`.`,
    parameters: [
      ...endpoint.pathParameters.map((p) => ({
        name: p.name,
        in: 'path',
        required: true,
        description: p.description,
        schema: { type: 'string', pattern: p.pattern },
      })),
      ...endpoint.query.map(queryParameter),
    ],
    responses: {
      200: {
        description: 'Success.',
        content: { 'application/json': { schema: ref(responseId), example: example(api, examplePath) } },
      },
      ...Object.fromEntries(
        errors.map((status) => [
          status,
          { description: ERROR_TEXT[status], content: { 'application/json': { schema: ref(errorId) } } },
        ]),
      ),
    },
  };
}

/** The OpenAPI 3.1 document of the API in `profile`'s shapes, generated from the schemas, with examples from `chain`. */
export function openApiDocument(chain: Chain, api: ApiHandler, version: string, profile: Profile = 'spec') {
  const examples = exampleRequests(chain);
  const routes = routeSchemas(profile);
  const errorId = profile === 'spec' ? 'Error' : `${pascal(profile)}Error`;
  const paths: Record<string, unknown> = {};
  for (const endpoint of endpoints)
    paths[endpoint.path] = {
      get: operation(endpoint, api, examples[endpoint.operationId]!, routes.get(endpoint.path)!.id, errorId),
    };
  paths['/openapi'] = {
    get: {
      operationId: 'getOpenApiDocument',
      summary: 'This document.',
      responses: {
        200: {
          description: 'The OpenAPI 3.1 document.',
          content: { 'application/json': { schema: { type: 'object' } } },
        },
      },
    },
  };
  // The endpoints explorer pages call beyond the twelve, in the active profile's shapes.
  const errorRef = ref(errorId);
  for (const route of ROUTES) {
    if (paths[route.template]) continue;
    const names = [...route.template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    paths[route.template] = {
      get: {
        operationId: `get${pascal(route.template)}`,
        summary: `GET ${route.template}, as explorer pages call it.`,
        parameters: names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
        responses: {
          200: {
            description: 'Success.',
            content: { 'application/json': { schema: ref(routes.get(route.template)!.id) } },
          },
          ...(route.template.startsWith(USER_OPS_PREFIX)
            ? // The user-operations indexer's gRPC statuses, passed through by the explorer's proxy.
              {
                400: {
                  description: 'Invalid argument (code 3).',
                  content: { 'application/json': { schema: ref(USER_OPS_ERROR_ID) } },
                },
                404: {
                  description: 'Not found (code 5).',
                  content: { 'application/json': { schema: ref(USER_OPS_ERROR_ID) } },
                },
              }
            : {
                400: { description: ERROR_TEXT[400], content: { 'application/json': { schema: errorRef } } },
                404: { description: 'Not found.', content: { 'application/json': { schema: errorRef } } },
                422: { description: 'Invalid parameter(s).', content: { 'application/json': { schema: errorRef } } },
              }),
        },
      },
    };
  }
  // The synchronous CSV exports: their bodies are CSV files, their errors the API's JSON.
  for (const route of CSV_ROUTES) {
    const names = [...route.template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    paths[route.template] = {
      get: {
        operationId: `get${pascal(route.template)}`,
        summary: `GET ${route.template}: a CSV export, as explorer pages download it.`,
        parameters: names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
        responses: {
          200: {
            description: 'The CSV file (RFC 4180, a header row first), sent as an attachment.',
            content: { 'application/csv': { schema: { type: 'string' } } },
          },
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
      description: `A deterministic mock of a blockchain explorer's read API. Scenario ${chain.scenario.name}, seed ${chain.seed}, profile ${profile}${profile === 'spec' ? '' : ' (Blockscout v11 shapes)'}. Lists hold 50 items; send every key of next_page_params back, beside the filters, for the next page.`,
    },
    servers: [{ url: '/api/v2' }],
    paths,
    components: { schemas: components(routes, profileSchemas(profile).error, errorId) },
  };
}
