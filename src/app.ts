import { buildChain } from '../generators/buildChain.js';
import { createApi } from './api/createApi.js';
import type { Chain } from './chain/types.js';
import { cachedAnswers, type CachedAnswers } from './server/answerHttp.js';
import { scenarioRoutes } from './server/scenarioRoutes.js';

export interface MockApp {
  readonly chain: Chain;
  /** Every request's answer, as the server gives it. */
  readonly answer: CachedAnswers;
  /** Renders the newest entities while idle (see `Api.warmUp`). */
  readonly warmUp: () => Promise<void>;
}

/** The chain of a scenario and the answers to every request on it: what each adapter serves. */
export function createMockApp(options: { scenario?: string; seed?: string | number }): MockApp {
  const chain = buildChain(options);
  const api = createApi(chain);
  const answer = cachedAnswers({ api, routes: scenarioRoutes(chain), onError: (error, url) => console.error(`explorer-mock: 500 on ${url}:`, error) });
  return { chain, answer, warmUp: api.warmUp };
}
