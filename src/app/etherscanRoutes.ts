import type { Chain } from '../chain/types.js';
import { factsOf } from '../domain/facts.js';
import type { Mempool } from '../domain/mempool.js';
import type { ExtraRoute, PostRoute } from '../http/answerHttp.js';
import type { EtherscanContext, Verifier } from '../etherscan/envelope.js';
import { ETHERSCAN_PATHS, etherscanAnswer } from '../etherscan/etherscanApi.js';
import { paramsOf } from '../etherscan/params.js';

/**
 * The Etherscan-compatible API's routes over a chain: GET `/api` and `/api/v1` with a query (and
 * any other path under `/api` but `/api/v2`, answered as the explorer answers it), and POST to
 * both with a form, multipart or JSON body.
 */
export function etherscanRoutes(
  chain: Chain,
  mempool: () => Mempool | undefined = () => undefined,
  verifier?: Verifier,
): { readonly get: ExtraRoute; readonly posts: readonly PostRoute[] } {
  const ctx: EtherscanContext = { chain, facts: factsOf(chain), mempool, ...(verifier ? { verifier } : {}) };
  return {
    get: (path, query) =>
      path === '/api' || path.startsWith('/api/') ? etherscanAnswer(ctx, path, paramsOf(query, null, null)) : undefined,
    posts: ETHERSCAN_PATHS.map((path) => ({
      path,
      alsoGet: true,
      answer: (body, query, header) =>
        body === null
          ? { status: 413, body: JSON.stringify({ message: 'Body too large', result: null, status: '0' }) }
          : etherscanAnswer(ctx, path, paramsOf(query, body, header('content-type'))),
    })),
  };
}
