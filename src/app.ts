import { createApiCore } from './api/apiCore.js';
import type { Chain } from './chain/types.js';
import type { Profile } from './views/context.js';
import { cachedAnswers, type CachedAnswers } from './server/answerHttp.js';
import { scenarioRoutes } from './server/scenarioRoutes.js';
import type { StartSummary } from './server/scenarioSummary.js';
import type { Mempool } from './live/mempool.js';

export interface MockApp {
  readonly chain: Chain;
  readonly profile: Profile;
  /** Every request's answer, as the server gives it (may throw `ModuleNotLoaded`: see `withModules`). */
  readonly answer: CachedAnswers;
  /** Renders the newest entities while idle (see `Api.warmUp`). */
  readonly warmUp: (signal?: AbortSignal) => Promise<void>;
}

/**
 * The answers to every request on a chain: what each adapter serves. `start` tells the home page
 * how the server started (left out of fixtures, which must not vary).
 */
export function createMockApp(
  chain: Chain,
  start?: () => StartSummary,
  profile: Profile = 'spec',
  mempool?: () => Mempool | undefined,
): MockApp {
  const api = createApiCore(chain, { profile, ...(mempool ? { mempool } : {}) });
  const answer = cachedAnswers({
    api,
    routes: scenarioRoutes(chain, profile, start),
    onError: (error, url) => console.error(`explorer-mock: 500 on ${url}:`, error),
  });
  return { chain, profile, answer, warmUp: api.warmUp };
}
