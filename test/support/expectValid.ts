import type { z } from 'zod';
import { ROUTES, routeMatcher } from '../../src/rest/routes.js';
import { endpoints } from '../../src/schemas/endpoints.js';
import { profileSchemas } from '../../src/schemas/profileSchemas.js';
import type { Profile } from '../../src/schemas/profile.js';
import { USER_OPS_PREFIX, userOpsError } from '../../src/schemas/userOps.js';

/** Throws, listing every issue with its JSON path, unless `value` is valid against `schema`. */
export function expectValid(schema: z.ZodType, value: unknown, context = ''): void {
  const result = schema.safeParse(value);
  if (result.success) return;
  const issues = result.error.issues
    .slice(0, 12)
    .map((i) => `  at ${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`);
  throw new Error(`${context ? `${context}: ` : ''}response does not match its schema:\n${issues.join('\n')}`);
}

const twelve = new Map(endpoints.map((e) => [e.path, e.response]));
// Every route has its own handler, so the handler the router picks names the route.
const templates = new Map(ROUTES.map((r) => [r.handler, r.template]));
const matchRoute = routeMatcher(ROUTES);
if (templates.size !== ROUTES.length) throw new Error('two routes share a handler: templateOf cannot tell them apart');

/** The route template `pathname` (under the origin) is answered by, as the server's router finds it. */
export const templateOf = (pathname: string): string | undefined => {
  const path = pathname.replace(/^\/api\/v2/, '').replace(/(.)\/$/, '$1');
  const route = matchRoute(path);
  return route && templates.get(route.handler);
};

/** The schema a response to `pathname` must match in `profile`: the route's for 200, the error body otherwise. */
export function responseSchemaFor(pathname: string, status = 200, profile: Profile = 'spec'): z.ZodType {
  const schemas = profileSchemas(profile);
  const template = templateOf(pathname);
  // The user-operations indexer's own statuses, passed through by the explorer's proxy.
  if (status !== 200) return template?.startsWith(USER_OPS_PREFIX) ? userOpsError : schemas.error;
  if (!template) throw new Error(`no route answers ${pathname}`);
  const name = twelve.get(template);
  return name ? schemas.twelve[name] : schemas.pages[template]!;
}

/** Validates a response body (JSON text) to a request for `url` (path and query under the origin). */
export function expectValidResponse(url: string, status: number, body: string, profile: Profile = 'spec'): void {
  const pathname = url.split('?')[0]!;
  expectValid(responseSchemaFor(pathname, status, profile), JSON.parse(body), `${profile} ${status} ${url}`);
}
