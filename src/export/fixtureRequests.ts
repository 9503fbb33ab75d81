import type { MockApp } from '../app.js';
import { scenarioSummary } from '../server/scenarioSummary.js';

/** Every page up to `pages` of a list, following `next_page_params` (the first URL may carry filters). */
function pagesOf(app: MockApp, first: string, pages: number): string[] {
  const urls = [first];
  const [path, filters = ''] = first.split('?') as [string, string?];
  for (let url = first; urls.length < pages; ) {
    const answer = app.answer({ method: 'GET', url, header: () => undefined });
    if (answer.status !== 200 || !answer.body) break;
    const next = (JSON.parse(new TextDecoder().decode(answer.body)) as { next_page_params?: Record<string, unknown> | null }).next_page_params;
    if (!next) break;
    const query = new URLSearchParams(filters);
    for (const [key, value] of Object.entries(next)) query.set(key, value === null ? 'null' : String(value));
    url = `${path}?${query}`;
    urls.push(url);
  }
  return urls;
}

/**
 * The requests a fixture export answers: every endpoint on every notable entity, the lists'
 * first `pages` pages, the top-level lists, the OpenAPI document and the scenario summary.
 */
export function fixtureRequests(app: MockApp, pages: number): string[] {
  const firsts = ['/api/v2/addresses', '/api/v2/blocks', '/api/v2/blocks?type=uncle', '/api/v2/blocks?type=reorg'];
  for (const handle of scenarioSummary(app.chain).handles) firsts.push(...handle.links);
  const urls = new Set<string>(['/api/v2/openapi', '/__mock/scenario']);
  for (const first of firsts) for (const url of pagesOf(app, first, pages)) urls.add(url);
  return [...urls];
}

/** A file name for a request: its path, then `@` and its query, sanitised. */
export const fixtureFileOf = (url: string) => `${url.slice(1).replace('?', '@').replace(/[^A-Za-z0-9._\-/=&@,%]/g, '_')}.json`;
