import type { Chain } from '../chain/types.js';
import type { Profile } from '../views/context.js';
import type { ExtraRoute } from './answerHttp.js';
import { homePage } from './homePage.js';
import { scenarioSummary, type StartSummary } from './scenarioSummary.js';

/** `/` (the home page) and `/__mock/scenario` (the same as JSON), rendered once, on first request. */
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
    (path) => (path === '/' ? { status: 200, body: render().html, contentType: 'text/html; charset=utf-8' } : undefined),
    (path) => (path === '/__mock/scenario' ? { status: 200, body: render().json } : undefined),
  ];
}
