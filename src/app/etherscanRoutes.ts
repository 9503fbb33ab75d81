import type { Chain } from '../chain/types.js';
import { factsOf } from '../domain/facts.js';
import type { Mempool } from '../domain/mempool.js';
import type { ExtraRoute, PostRoute } from '../http/answerHttp.js';
import { ETHERSCAN_PATHS, type EtherscanContext, type Verifier } from '../etherscan/envelope.js';
import { ParamsError, paramsOf } from '../etherscan/params.js';
import { etherscanModule } from './nodeModule.js';

/**
 * The Etherscan-compatible API's routes over a chain: GET `/api` and `/api/v1` with a query (and
 * another path under `/api` with `module` and `action`: the explorer's 404), and POST to both
 * with a form, multipart or JSON body. The API's module loads on first use (or after start), off
 * the start-up path.
 */
export function etherscanRoutes(
  chain: Chain,
  mempool: () => Mempool | undefined = () => undefined,
  verifier?: Verifier,
): { readonly get: ExtraRoute; readonly posts: readonly PostRoute[] } {
  const ctx: EtherscanContext = { chain, facts: factsOf(chain), mempool, ...(verifier ? { verifier } : {}) };
  return {
    // Another path under /api is the API's only with module and action (then its 404); without, the mock's own 404.
    get: (path, query) =>
      (ETHERSCAN_PATHS as readonly string[]).includes(path) ||
      (path.startsWith('/api/') && query.has('module') && query.has('action'))
        ? etherscanModule.get().etherscanAnswer(ctx, path, paramsOf(query, null, null), { method: 'GET' })
        : undefined,
    posts: ETHERSCAN_PATHS.map((path) => ({
      path,
      alsoGet: true,
      answer: (body, query, header, writeRefusal) => {
        if (body === null)
          return { status: 413, body: JSON.stringify({ message: 'Body too large', result: null, status: '0' }) };
        let params;
        try {
          params = paramsOf(query, body, header('content-type'));
        } catch (error) {
          if (!(error instanceof ParamsError)) throw error;
          return { status: 400, body: JSON.stringify({ message: error.message, result: null, status: '0' }) };
        }
        return etherscanModule
          .get()
          .etherscanAnswer(ctx, path, params, { method: 'POST', ...(writeRefusal ? { writeRefusal } : {}) });
      },
    })),
  };
}
