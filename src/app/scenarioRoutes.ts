import type { Chain } from '../chain/types.js';
import type { Profile } from '../schemas/profile.js';
import type { Mount } from '../http/answerHttp.js';
import { homePage } from './homePage.js';
import { lazyModule } from '../lazy/lazyModule.js';
import { scenarioSummary, type StartSummary } from './scenarioSummary.js';

/** The scenario language's schema module (zod), loaded when its JSON Schema is first asked for. */
const scenarioSchema = lazyModule('scenario schema', () => import('../../scenarios/schema.js'));
let schemaText: string | undefined;

/** `/` (the home page), `/__mock/scenario` (the same as JSON) and the scenario files' JSON Schema, rendered once, on first request. */
export function scenarioMounts(chain: Chain, profile: Profile, start?: () => StartSummary): Mount[] {
  let rendered: { json: string; html: string } | undefined;
  const render = () => {
    if (!rendered) {
      const summary = scenarioSummary(chain, profile, start?.());
      rendered = { json: JSON.stringify(summary), html: homePage(summary) };
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
