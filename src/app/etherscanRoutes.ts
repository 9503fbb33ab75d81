import type { Chain } from '../chain/types.js';
import { factsOf } from '../domain/facts.js';
import type { Mempool } from '../domain/mempool.js';
import type { Verifier } from '../domain/verifier.js';
import type { Mount, PostAnswer, RouteAnswer } from '../http/answerHttp.js';
import { ETHERSCAN_PATHS, type EtherscanContext } from '../etherscan/envelope.js';
import { ParamsError, paramsOf } from '../etherscan/params.js';
import { V1_DEPRECATED_BODY } from '../etherscanV2/texts.js';
import type { EtherscanOptions } from './etherscanV2Routes.js';
import { etherscanModule } from './nodeModule.js';

const tooLarge = { status: 413, body: JSON.stringify({ message: 'Body too large', result: null, status: '0' }) };
/** Etherscan's answer on its switched-off V1 path, to any request. */
const deprecated: RouteAnswer = { status: 200, body: V1_DEPRECATED_BODY };

/**
 * Where the Etherscan-compatible API is mounted over a chain: GET `/api` and `/api/v1` with a
 * query (and another path under `/api` with `module` and `action`: the explorer's 404), and POST
 * to both with a form, multipart or JSON body; the same at Blockscout's multichain
 * `/{chainId}/api` for the chain's id. With `v1: 'deprecated'`, `/api` and `/api/v1` answer as
 * Etherscan's V1 path does now. The API's module loads on first use (or after start), off the
 * start-up path.
 */
export function etherscanMounts(
  chain: Chain,
  mempool: () => Mempool | undefined = () => undefined,
  verifier?: Verifier,
  options: EtherscanOptions = {},
): Mount[] {
  const ctx: EtherscanContext = { chain, facts: factsOf(chain), mempool, ...(verifier ? { verifier } : {}) };
  const multichain = `/${chain.chainId}/api`;
  const v1 = options.v1 === 'deprecated' ? () => deprecated : undefined;
  const getAnswer = (path: string, query: URLSearchParams) =>
    etherscanModule.get().etherscanAnswer(ctx, path, paramsOf(query, null, null), { method: 'GET' });
  /** A POST's answer at `path` (the API's own path, which a multichain path stands for). */
  const postAnswer: (path: string) => PostAnswer = (path) => (body, query, header, writeRefusal) => {
    if (body === null) return tooLarge;
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
  };
  return [
    ...ETHERSCAN_PATHS.map((path): Mount => {
      const post = postAnswer(path);
      return {
        path,
        exact: true,
        get: (_path, query) => v1?.() ?? getAnswer(path, query),
        post: (...args) => v1?.() ?? post(...args),
      };
    }),
    // Another path under /api is the API's only with module and action (then its 404); without, the mock's own 404.
    {
      path: '/api',
      get: (path, query) =>
        query.has('module') && query.has('action') ? (v1?.() ?? getAnswer(path, query)) : undefined,
    },
    { path: multichain, exact: true, get: (_path, query) => getAnswer('/api', query), post: postAnswer('/api') },
  ];
}
