import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChain } from '../../generators/buildChain.js';
import { createApi } from '../../src/app/createApi.js';
import { ALL_ROUTES } from '../../src/openapi/openApiEndpoint.js';
import { CSV_ROUTES } from '../../src/rest/csv/csvRoutes.js';
import { endpoints } from '../../src/schemas/endpoints.js';
import { type RunningServer, startServer } from '../../src/startServer.js';
import { VERSION } from '../../src/version.js';
import { readFileSync } from 'node:fs';
import { expectValidResponse } from '../support/expectValid.js';

let server: RunningServer;
let document: Record<string, any>;

beforeAll(async () => {
  server = await startServer({ scenario: 'default', seed: 1, port: 0 });
  const response = await fetch(`${server.url}/api/v2/openapi`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  document = (await response.json()) as Record<string, any>;
});
afterAll(() => server.close());

describe('GET /api/v2/openapi', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    // The validator does reject a broken document.
    const { info: _, ...broken } = structuredClone(document);
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('documents exactly the routes the server answers', () => {
    expect(Object.keys(document.paths).sort()).toEqual(ALL_ROUTES.map((r) => r.template).sort());
  });

  it('gives every endpoint its path parameters with patterns, its filters and cursor keys, and its error responses', () => {
    for (const endpoint of endpoints) {
      const op = document.paths[endpoint.path].get;
      const params = op.parameters as { name: string; in: string; schema: { pattern?: string } }[];
      for (const p of endpoint.pathParameters)
        expect(params.find((x) => x.name === p.name && x.in === 'path')?.schema.pattern).toBe(p.pattern);
      for (const q of endpoint.query)
        expect(
          params.some((x) => x.name === q.name && x.in === 'query'),
          `${endpoint.path} ${q.name}`,
        ).toBe(true);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', ...endpoint.errors.map(String)]));
      expect(op.summary).toEqual(expect.any(String));
    }
  });

  it('carries examples that the schemas accept, from the default scenario', () => {
    for (const endpoint of endpoints) {
      const example = document.paths[endpoint.path].get.responses['200'].content['application/json'].example;
      const path = endpoint.path.replace(/\{[^}]+\}/g, '0x0000000000000000000000000000000000000000');
      expectValidResponse(`/api/v2${path}`, 200, JSON.stringify(example));
    }
  });

  it('gives every route a 200 schema from the components, and documents the profile the server runs', async () => {
    // The CSV exports answer a file, not JSON: they are checked apart below.
    const csvPaths = new Set(CSV_ROUTES.map((r) => r.template));
    const refs = (doc: Record<string, any>) =>
      Object.entries(doc.paths as Record<string, any>)
        .filter(([path]) => path !== '/openapi' && !csvPaths.has(path))
        .map(([, p]) => p.get.responses['200'].content['application/json'].schema.$ref as string | undefined);
    const chain = buildChain({ scenario: 'tiny', seed: 1 });
    const blockscout = JSON.parse(
      createApi(chain, { profile: 'blockscout' })('/api/v2/openapi', new URLSearchParams()).body,
    ) as Record<string, any>;
    expect((await new Validator().validate(structuredClone(blockscout))).valid).toBe(true);
    for (const [doc, profile] of [
      [document, 'spec'],
      [blockscout, 'blockscout'],
    ] as const) {
      expect(doc.info.description).toContain(`profile ${profile}`);
      const components = Object.keys(doc.components.schemas);
      for (const ref of refs(doc)) expect(components).toContain(ref!.replace('#/components/schemas/', ''));
      for (const path of csvPaths) {
        const responses = doc.paths[path].get.responses;
        expect(responses['200'].content['application/csv'].schema).toEqual({ type: 'string' });
        expect(Object.keys(responses)).toEqual(expect.arrayContaining(['200', '404', '422']));
      }
      // Every reference inside the document resolves.
      for (const [, id] of JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g))
        expect(components).toContain(id);
    }
    expect(blockscout.paths['/blocks'].get.responses['200'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/BlockscoutBlocksResponse',
    );
    expect(blockscout.components.schemas.BlockscoutBlock.required).toContain('is_pending_update');
    expect(document.components.schemas).not.toHaveProperty('BlockscoutBlock');
  });

  it('states the package version', () => {
    expect(document.info.version).toBe(VERSION);
    expect(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version).toBe(VERSION);
  });
});
