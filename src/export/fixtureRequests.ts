import type { ChainApp } from '../app/chainApp.js';
import { followPages } from '../rest/walkPages.js';
import { scenarioSummary } from '../app/scenarioSummary.js';
import { etherscanV2Examples } from './etherscanV2Examples.js';
import { routeExamples, statsServiceExamples } from './routeExamples.js';

const decoder = new TextDecoder();

const answerOf = (app: ChainApp, url: string) => app.answer({ method: 'GET', url, header: () => undefined });

/** Every page up to `pages` of a list, as the app answers it (a CSV or other non-JSON answer is one page). */
function pagesOf(app: ChainApp, first: string, pages: number): string[] {
  if (!/json/.test(answerOf(app, first).headers['content-type'] ?? '')) return [first];
  return followPages(
    (url) => {
      const answer = answerOf(app, url);
      return {
        status: answer.status,
        body: answer.body === null ? '' : typeof answer.body === 'string' ? answer.body : decoder.decode(answer.body),
      };
    },
    first,
    pages,
  );
}

/**
 * The requests a fixture export answers: every endpoint on every notable entity, an example of
 * every route the server answers (and every read of Etherscan's API v2), the lists' first `pages`
 * pages, the top-level lists, the OpenAPI document and the scenario summary.
 */
export function fixtureRequests(app: ChainApp, pages: number): string[] {
  const firsts = ['/api/v2/addresses', '/api/v2/blocks', '/api/v2/blocks?type=uncle', '/api/v2/blocks?type=reorg'];
  for (const handle of scenarioSummary(app.chain, app.profile).handles) firsts.push(...handle.links);
  firsts.push(...routeExamples(app.chain), ...statsServiceExamples(), ...etherscanV2Examples(app.chain));
  const urls = new Set<string>(['/api/v2/openapi', '/__mock/scenario']);
  for (const first of firsts) for (const url of pagesOf(app, first, pages)) urls.add(url);
  return [...urls];
}

/**
 * A file name for a request: its path, then `@` and its query, sanitised; `.csv` added for a CSV
 * answer, nothing for an image or YAML (their paths end in `.svg`, `.yaml`), else `.json`.
 */
export const fixtureFileOf = (url: string, contentType = '') =>
  `${url
    .slice(1)
    .replace('?', '@')
    .replace(
      /[^A-Za-z0-9._\-/=&@,%]/g,
      '_',
    )}${/csv/.test(contentType) ? '.csv' : /svg|yaml/.test(contentType) ? '' : '.json'}`;

const MEDIA_PATHS = /\/__mock\/nft\/0x[0-9a-f]{40}\/[0-9]+(?:\.animated)?\.svg/g;

/** The NFT media an answer's text points at (the paths the mock serves them at), so fixtures hold them too. */
export const mediaPathsIn = (text: string): string[] => text.match(MEDIA_PATHS) ?? [];
