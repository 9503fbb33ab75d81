import type { Chain } from '../chain/types.js';
import type { Mempool } from '../domain/mempool.js';
import type { Mount } from '../http/answerHttp.js';
import { type CachedAnswers, cachedAnswers } from '../http/cachedAnswers.js';
import { loadLazyModules } from '../domain/lazyModules.js';
import { ALL_ROUTES, openApiModule } from '../openapi/openApiEndpoint.js';
import { createRestApi, type RestApi } from '../rest/restApi.js';
import { loadEndpointModules } from '../rest/routes.js';
import { createRpcContext, type RpcContext } from '../rpc/context.js';
import type { Profile } from '../schemas/profile.js';
import { csvExportMount, v1CsvModule } from './csvExportRoutes.js';
import { etherscanMounts } from './etherscanRoutes.js';
import { nftMediaMount } from './nftMediaRoutes.js';
import { type EtherscanOptions, etherscanV2Mounts } from './etherscanV2Routes.js';
import { etherscanModule, etherscanV2Module, nodeModule } from './nodeModule.js';
import { nodeMounts } from './nodeRoutes.js';
import type { Verifier } from '../domain/verifier.js';
import type { RpcNode } from '../rpc/node.js';
import { scenarioMounts } from './scenarioRoutes.js';
import { statsModule, statsMount } from './statsRoutes.js';
import type { StartSummary } from './scenarioSummary.js';
import { tracerModule } from '../views/transactionTrace.js';

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

/** What an app serves besides its chain. */
export interface ChainAppOptions {
  /** Whose answers to give: the seed spec's (the default) or Blockscout v11's. */
  readonly profile?: Profile;
  /** How the server started, for the home page (left out of fixtures, which must not vary). */
  readonly start?: () => StartSummary;
  /** The transactions in front of the head (default: none). */
  readonly mempool?: () => Mempool | undefined;
  /** Where the Etherscan APIs record verifications clients submit (without one they take none). */
  readonly verifier?: Verifier;
  /** Where clients reach the mock: the URLs of the NFT media it serves point there (default `http://127.0.0.1:4000`). */
  readonly origin?: () => string;
  /**
   * The node serving the chain (a live chain's, whose sends it takes), mounted at `/rpc` and
   * `/api/eth-rpc`. Without one the app serves no node, and Etherscan v2's proxy module asks a
   * node of this chain's own, made on first use.
   */
  readonly node?: () => RpcNode;
  /** APIs of the server's own to mount as well (a live chain's `/__mock/mine` and `/__mock/reset`). */
  readonly controls?: readonly Mount[];
  /** How the Etherscan-style APIs answer. */
  readonly etherscan?: EtherscanOptions;
}

/** Logs a bug: its client gets its mount's error answer, the JSON 500. */
const reportError = (error: unknown, url: string) => console.error(`explorer-mock: 500 on ${url}:`, error);

/**
 * The answers to every request on a chain: what each adapter serves, from one mount table (each
 * API at its path; a GET goes to the first that covers its path and answers it).
 */
export function createChainApp(chain: Chain, options: ChainAppOptions = {}): ChainApp {
  const { profile = 'spec', start, mempool, verifier, origin, node, controls = [], etherscan = {} } = options;
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
  const mounts: Mount[] = [
    // The REST API v2: every path under /api/v2.
    { path: '/api/v2', get: rest.mounted },
    // The node's JSON-RPC (/rpc) and Blockscout's ETH RPC API over it (/api/eth-rpc), POST only.
    ...(node ? nodeMounts(node) : []),
    // The server's controls (/__mock/mine, /__mock/reset).
    ...controls,
    // The home page, /__mock/scenario and the scenario files' JSON Schema.
    ...scenarioMounts(chain, profile, start),
    // The explorer's older CSV exports under /api/v1, before the Etherscan API takes the rest of /api.
    csvExportMount(rest.context),
    // Blockscout's Etherscan-compatible API: /api, /api/v1, /{chainId}/api.
    ...etherscanMounts(chain, mempool, verifier, etherscan),
    // Etherscan's own API v2: /v2/api, /v2/chainlist.
    ...etherscanV2Mounts(chain, mempool ?? (() => undefined), verifier, nodeOf, etherscan),
    // The stats service under /stats-service.
    statsMount(chain, mempool),
    // NFT media under /__mock/nft.
    nftMediaMount(chain),
  ];
  const answer = cachedAnswers({ mounts, onError: reportError });
  return { chain, profile, rest, rpc: rpcContext, answer };
}

/** Loads every module the answers load lazily (after start, so first answers do not wait). */
export const loadAnswerModules = (): Promise<unknown> =>
  Promise.all([
    loadLazyModules(),
    openApiModule.load(),
    etherscanModule.load(),
    etherscanV2Module.load(),
    tracerModule.load(),
    statsModule.load(),
    loadEndpointModules(),
    v1CsvModule.load(),
  ]);
