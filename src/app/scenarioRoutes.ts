import type { Chain } from '../chain/types.js';
import type { Profile } from '../schemas/profile.js';
import type { ExtraRoute } from '../http/answerHttp.js';
import { homePage } from './homePage.js';
import { lazyModule } from '../lazy/lazyModule.js';
import { scenarioSummary, type StartSummary } from './scenarioSummary.js';

/** The scenario language's schema module (zod), loaded when its JSON Schema is first asked for. */
const scenarioSchema = lazyModule('scenario schema', () => import('../../scenarios/schema.js'));
let schemaText: string | undefined;

/** `/` (the home page), `/__mock/scenario` (the same as JSON) and the scenario files' JSON Schema, rendered once, on first request. */
export function scenarioRoutes(chain: Chain, profile: Profile, start?: () => StartSummary): ExtraRoute[] {
  let rendered: { json: string; html: string } | undefined;
  const render = () => {
    if (!rendered) {
      const summary = scenarioSummary(chain, profile, start?.());
      rendered = { json: JSON.stringify(summary), html: homePage(summary) };
    }
    return rendered;
  };
  return [
    (path) =>
      path === '/' ? { status: 200, body: render().html, contentType: 'text/html; charset=utf-8' } : undefined,
    (path) => (path === '/__mock/scenario' ? { status: 200, body: render().json } : undefined),
    (path) =>
      path === '/__mock/scenario.schema.json'
        ? {
            status: 200,
            body: (schemaText ??= JSON.stringify(scenarioSchema.get().scenarioJsonSchema())),
            contentType: 'application/schema+json',
          }
        : undefined,
  ];
}
