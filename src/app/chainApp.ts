import { createRestApi } from '../rest/restApi.js';
import type { Chain } from '../chain/types.js';
import type { Profile } from '../views/context.js';
import { cachedAnswers, type CachedAnswers } from '../http/answerHttp.js';
import { scenarioRoutes } from './scenarioRoutes.js';
import type { StartSummary } from './scenarioSummary.js';
import type { Mempool } from '../domain/mempool.js';

export interface ChainApp {
  readonly chain: Chain;
  readonly profile: Profile;
  /** Every request's answer, as the server gives it (may throw `ModuleNotLoaded`: see `withModules`). */
  readonly answer: CachedAnswers;
  /** Renders the newest entities while idle (see `RestApi.warmUp`). */
  readonly warmUp: (signal?: AbortSignal) => Promise<void>;
}

/**
 * The answers to every request on a chain: what each adapter serves. `start` tells the home page
 * how the server started (left out of fixtures, which must not vary).
 */
export function createChainApp(
  chain: Chain,
  start?: () => StartSummary,
  profile: Profile = 'spec',
  mempool?: () => Mempool | undefined,
): ChainApp {
  const api = createRestApi(chain, { profile, ...(mempool ? { mempool } : {}) });
  const answer = cachedAnswers({
    api,
    routes: scenarioRoutes(chain, profile, start),
    onError: (error, url) => console.error(`explorer-mock: 500 on ${url}:`, error),
  });
  return { chain, profile, answer, warmUp: api.warmUp };
}
