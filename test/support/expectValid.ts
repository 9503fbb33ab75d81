import type { z } from 'zod';
import { endpoints, responseSchemaOf } from '../../src/schemas/endpoints.js';
import { errorBody } from '../../src/schemas/errors.js';

/** Throws, listing every issue with its JSON path, unless `value` is valid against `schema`. */
export function expectValid(schema: z.ZodType, value: unknown, context = ''): void {
  const result = schema.safeParse(value);
  if (result.success) return;
  const issues = result.error.issues.slice(0, 12).map((i) => `  at ${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`);
  throw new Error(`${context ? `${context}: ` : ''}response does not match its schema:\n${issues.join('\n')}`);
}

const matchers = endpoints.map((e) => ({
  endpoint: e,
  pattern: new RegExp(`^/api/v2${e.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
}));

/** The schema a response to `pathname` must match: the endpoint's for 200, the error body otherwise. */
export function responseSchemaFor(pathname: string, status = 200): z.ZodType {
  if (status !== 200) return errorBody;
  const match = matchers.find((m) => m.pattern.test(pathname));
  if (!match) throw new Error(`no endpoint answers ${pathname}`);
  return responseSchemaOf(match.endpoint);
}

/** Validates a response body (JSON text) to a request for `url` (path and query under the origin). */
export function expectValidResponse(url: string, status: number, body: string): void {
  const pathname = url.split('?')[0]!;
  expectValid(responseSchemaFor(pathname, status), JSON.parse(body), `${status} ${url}`);
}
