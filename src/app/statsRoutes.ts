import type { Chain } from '../chain/types.js';
import { factsOf } from '../domain/facts.js';
import type { Mempool } from '../domain/mempool.js';
import type { Mount } from '../http/answerHttp.js';
import { lazyModule } from '../lazy/lazyModule.js';
import { STATS_SERVICE_PREFIX } from '../stats/servicePrefix.js';

/** The stats service's code, loaded on its first request (a server whose stats nobody asks starts without it). */
export const statsModule = lazyModule('the stats service', () => import('../stats/statsApi.js'));

/**
 * The Blockscout stats service over a chain, under `/stats-service` (the frontend's
 * `NEXT_PUBLIC_STATS_API_BASE_PATH`): its API (`/api/v1/…`) and `/health`. Any other path under the
 * prefix is the service's 404.
 */
export function statsMount(chain: Chain, mempool: () => Mempool | undefined = () => undefined): Mount {
  const ctx = { chain, facts: factsOf(chain), mempool };
  return {
    path: STATS_SERVICE_PREFIX,
    get: (path, query) => statsModule.get().statsAnswer(ctx, path.slice(STATS_SERVICE_PREFIX.length), query),
  };
}
