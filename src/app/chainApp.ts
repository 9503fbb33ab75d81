import type { Chain } from '../chain/types.js';
import type { Mempool } from '../domain/mempool.js';
import type { PostRoute } from '../http/answerHttp.js';
import { type CachedAnswers, cachedAnswers } from '../http/cachedAnswers.js';
import { loadLazyModules } from '../domain/lazyModules.js';
import { ALL_ROUTES, openApiModule } from '../openapi/openApiEndpoint.js';
import { createRestApi, type RestApi } from '../rest/restApi.js';
import { createRpcContext, type RpcContext } from '../rpc/context.js';
import type { Profile } from '../schemas/profile.js';
import { csvExportRoutes } from './csvExportRoutes.js';
import { etherscanRoutes } from './etherscanRoutes.js';
import { nftMediaRoutes } from './nftMediaRoutes.js';
import { type EtherscanOptions, etherscanV2Routes } from './etherscanV2Routes.js';
import { etherscanModule, etherscanV2Module, nodeModule } from './nodeModule.js';
import type { Verifier } from '../domain/verifier.js';
import type { RpcNode } from '../rpc/node.js';
import { scenarioRoutes } from './scenarioRoutes.js';
import { statsRoutes } from './statsRoutes.js';
import type { StartSummary } from './scenarioSummary.js';

/** Every API over one chain, and the HTTP answers they give. */
export interface ChainApp {
  readonly chain: Chain;
  readonly profile: Profile;
  /** The REST API v2 (its views and facts in `rest.context`). */
  readonly rest: RestApi;
  /** What the node's methods read on this chain (made on first use). */
  readonly rpc: () => RpcContext;
  /** Every request's answer, as the server gives it (may throw `ModuleNotLoaded`: see `withModules`). */
  readonly answer: CachedAnswers;
}

/**
 * The answers to every request on a chain: what each adapter serves. `start` tells the home page
 * how the server started (left out of fixtures, which must not vary); `origin`, where clients reach
 * the mock (the URLs of the NFT media it serves point there; default `http://127.0.0.1:4000`).
 * `node`: the node serving the chain (a live chain's, whose sends it takes); without one, a node of
 * this chain's own, made on first use. `etherscan`: how the Etherscan-style APIs answer.
 */
export function createChainApp(
  chain: Chain,
  start?: () => StartSummary,
  profile: Profile = 'spec',
  mempool?: () => Mempool | undefined,
  posts: readonly PostRoute[] = [],
  verifier?: Verifier,
  origin?: () => string,
  node?: () => RpcNode,
  etherscanOptions: EtherscanOptions = {},
): ChainApp {
  const rest = createRestApi(chain, {
    profile,
    routes: ALL_ROUTES,
    ...(mempool ? { mempool } : {}),
    ...(origin ? { origin } : {}),
  });
  let rpc: RpcContext | undefined;
  const rpcContext = () => (rpc ??= createRpcContext(chain, chain.chainId, mempool));
  let ownNode: RpcNode | undefined;
  const nodeOf =
    node ?? (() => (ownNode ??= nodeModule.get().createRpcNode({ context: rpcContext, seed: chain.seed })));
  const etherscan = etherscanRoutes(chain, mempool, verifier, etherscanOptions);
  const etherscanV2 = etherscanV2Routes(chain, mempool ?? (() => undefined), verifier, nodeOf, etherscanOptions);
  const answer = cachedAnswers({
    api: rest,
    routes: [
      ...scenarioRoutes(chain, profile, start),
      csvExportRoutes(rest.context),
      etherscan.get,
      etherscanV2.get,
      statsRoutes(chain, mempool),
      nftMediaRoutes(chain),
    ],
    posts: [...posts, ...etherscan.posts, ...etherscanV2.posts],
    onError: (error, url) => console.error(`explorer-mock: 500 on ${url}:`, error),
  });
  return { chain, profile, rest, rpc: rpcContext, answer };
}

/** Loads every module the answers load lazily (after start, so first answers do not wait). */
export const loadAnswerModules = (): Promise<unknown> =>
  Promise.all([loadLazyModules(), openApiModule.load(), etherscanModule.load(), etherscanV2Module.load()]);
