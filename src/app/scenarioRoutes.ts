import type { Chain } from '../chain/types.js';
import type { Profile } from '../schemas/profile.js';
import type { Mount } from '../http/answerHttp.js';
import { homePage } from './homePage.js';
import { lazyModule } from '../lazy/lazyModule.js';
import { scenarioSummary, type StartSummary } from './scenarioSummary.js';

/** The scenario language's schema module (zod), loaded when its JSON Schema is first asked for. */
const scenarioSchema = lazyModule('scenario schema', () => import('../../scenarios/schema.js'));
let schemaText: string | undefined;

/**
 * `/` (the home page), `/__mock/scenario` (the same as JSON) and the scenario files' JSON Schema,
 * rendered on first request, and again when how the server started reads otherwise (the sends it
 * took, automine turned off or on by a client).
 */
export function scenarioMounts(chain: Chain, profile: Profile, start?: () => StartSummary): Mount[] {
  let rendered: { json: string; html: string; of: string } | undefined;
  const render = () => {
    const now = start?.();
    const of = JSON.stringify(now ?? null);
    if (rendered?.of !== of) {
      const summary = scenarioSummary(chain, profile, now);
      rendered = { json: JSON.stringify(summary), html: homePage(summary), of };
    }
    return rendered;
  };
  return [
    {
      path: '/',
      exact: true,
      get: () => ({ status: 200, body: render().html, contentType: 'text/html; charset=utf-8' }),
    },
    { path: '/__mock/scenario', exact: true, get: () => ({ status: 200, body: render().json }) },
    {
      path: '/__mock/scenario.schema.json',
      exact: true,
      get: () => ({
        status: 200,
        body: (schemaText ??= JSON.stringify(scenarioSchema.get().scenarioJsonSchema())),
        contentType: 'application/schema+json',
      }),
    },
  ];
}
