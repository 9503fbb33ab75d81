import type { Profile } from './schemas/profile.js';
import type { CacheOption } from './snapshotCache/cacheSettings.js';
import { openChain, type ChainOrigin } from './snapshotCache/openChain.js';
import { CONTRACT_RUNNER, withContractRuns } from './app/contractRunner.js';
import type { Chain } from './chain/types.js';
import { BuildChainError } from './protocol/errors.js';
import { serve } from './server/serve.js';
import { createLiveChain, type LiveChain } from './live/liveChain.js';
import { startClock } from './live/clock.js';
import { watchFiles } from './live/watchFiles.js';
import { createPhoenixSocket, type PhoenixSocket, SOCKET_PATH } from './phoenix/phoenixSocket.js';
import { lazyNodeSocket, NODE_SOCKET_PATH } from './nodeSocket/lazyNodeSocket.js';
import { attachUpgrades } from './websocket/upgrades.js';
import { lazyModule, sameAcrossAttempts, withModules } from './lazy/lazyModule.js';
import { evmExecutorModule } from './app/executorModule.js';
import type { BuildChainOptions } from '../generators/chainInput.js';
import type { Scenario } from '../scenarios/types.js';
import { isScenarioPath } from '../scenarios/scenarioPath.js';
import { resolve as resolvePath } from 'node:path';
import { loadAnswerModules } from './app/chainApp.js';
import type { FaultConfig } from './faults/faultConfig.js';
import { DEFAULT_MEDIA_ORIGIN } from './domain/nftMedia.js';
import { compilerOption, solcOptionProblem } from './app/solcCompiler.js';
import type { EtherscanOptions } from './app/etherscanV2Routes.js';
import { servingOptionsProblem } from './app/servingOptions.js';
import { type AccessOptions, type AccessPolicy, accessPolicy } from './http/accessPolicy.js';

export interface StartServerOptions {
  /** A built-in scenario's name (default `default`), a scenario file's path (`.json`, `.ts`, `.mts`, `.js`, `.mjs`), or a scenario object. */
  readonly scenario?: string | Scenario;
  /** Any integer or string (default 1). */
  readonly seed?: string | number;
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /**
   * Where clients reach the server (`http://localhost:8080` behind a proxy or a mapped port): the
   * origin NFT media URLs name. Default: the server's own address (`127.0.0.1` when bound to every interface).
   */
  readonly publicUrl?: string;
  /** Latency, error rate and rate limit for every API request (requests may also ask by header). */
  readonly faults?: FaultConfig;
  /** Render the newest entities' JSON while idle after start, so first visits are fast (default false; the CLI sets it). */
  readonly warm?: boolean;
  /**
   * The snapshot cache of built chains (on by default): `false` to build every time, or
   * `{ dir, maxEntries }`. `EXPLORER_MOCK_CACHE=0` in the environment turns it off too.
   */
  readonly cache?: CacheOption;
  /** Whose answers to give: `'spec'` (the seed spec's, the default) or `'blockscout'` (Blockscout v11's). */
  readonly profile?: Profile;
  /** Start at this height (at least the scenario's `blocks`, its default); block k is the same at any head. */
  readonly head?: number;
  /** Mine a block every so many seconds, the chain anchored to the wall clock (default: never; `mine` still works). */
  readonly blockTime?: number;
  /**
   * Mine each transaction a client sends at once, in a block of its own, as Anvil and Hardhat do
   * (default: true without `blockTime`, false with it: the clock mines what waits).
   */
  readonly automine?: boolean;
  /** Unix seconds of the genesis block: pins a clock-driven chain's timestamps (default: anchored so the head is now). */
  readonly genesisTime?: number;
  /**
   * Unix seconds of the head block, or `'now'` (the start time): the chain anchored at its head, as
   * a frozen chain a UI shows as "12s ago" (default: the scenario's genesis time, or with
   * `blockTime` the head at now). Only times and what follows from them differ; hashes do not.
   */
  readonly headTime?: number | 'now';
  /**
   * With a scenario file: rebuild when it (or a file it extends) changes, and swap the new chain in
   * (requests in flight finish on the old one); a broken edit keeps the old chain and is reported.
   */
  readonly watch?: boolean;
  /**
   * How the Etherscan-style APIs answer: `v1: 'deprecated'` makes `/api?module=…` answer as
   * Etherscan's switched-off V1 path (default `'blockscout'`: Blockscout's flavour); `apiKey`
   * makes `/v2/api` require that key (default: any key, or none).
   */
  readonly etherscan?: EtherscanOptions;
  /**
   * The Solidity compiler verifications are compiled with: a `solc` binary's path, or solc-js (its
   * package folder or `solc.js`); `false`: none. Default: solc-js as installed in the project the
   * mock runs in (`node_modules/solc` from the working directory), if it is. A submission for a
   * contract with code of its own, naming that compiler's version, is compiled and its runtime
   * code compared with the deployed code; any other stands on the checks made without a compiler.
   */
  readonly solc?: string | false;
  /**
   * Host names the server answers to besides loopback names (`localhost`, `*.localhost`), IP
   * addresses and `host`: a request naming another `Host` gets 403, so a web page cannot reach the
   * mock through DNS rebinding. A leading dot allows a domain and its subdomains (`.example.test`);
   * `true` allows any host, as Vite's `allowedHosts`. Default: none.
   */
  readonly allowedHosts?: readonly string[] | true;
  /**
   * Origins of web pages (`https://app.example`) that may change the server's state (mine, reset,
   * send transactions, verify contracts) besides pages on this machine (loopback hosts, `host`,
   * the allowed hosts); `'null'` for sandboxed frames and `file:` pages; `true`: any page. Every
   * page may read (CORS `*`). Default: none.
   */
  readonly trustedOrigins?: readonly string[] | true;
}

export interface RunningServer {
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** The chain the server answers from now (a new one after each block mined). */
  readonly chain: Chain;
  /** Whether the chain came from the snapshot cache or was built, and how long that took. */
  readonly origin: ChainOrigin;
  /**
   * Mines `blocks` more blocks (default 1); resolves to the new head's height, once the sends still
   * running on the EVM are in (those that waited in the pool run between its blocks). Rejects with
   * `MineError` for a bad count.
   */
  mine(blocks?: number): Promise<number>;
  /** Returns to the chain served at start: every block mined and transaction sent since is gone (as `POST /__mock/reset`). */
  reset(): void;
  /** Stops the server; requests in flight finish first. */
  close(): Promise<void>;
}

/** Addresses that bind every interface, which a client cannot reach the server at. */
const UNSPECIFIED_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/** Thrown for options `startServer` cannot use. */
export class StartServerError extends Error {
  override readonly name = 'StartServerError';
}

/**
 * Builds the chain of a scenario and serves it over HTTP. Several servers can run side by side.
 *
 * @example
 * const server = await startServer({ scenario: 'tiny', seed: 7 });
 * const blocks = await fetch(`${server.url}/api/v2/blocks`).then((r) => r.json());
 * await server.close();
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const started = performance.now();
  const {
    scenario = 'default',
    seed = 1,
    port = 0,
    host = '127.0.0.1',
    publicUrl,
    faults = {},
    warm = false,
    cache,
    profile = 'spec',
    head,
    blockTime,
    genesisTime,
    headTime,
    watch = false,
    automine = blockTime === undefined,
    etherscan,
    allowedHosts,
    trustedOrigins,
  } = options;
  const access = {
    ...(allowedHosts === undefined ? {} : { allowedHosts }),
    ...(trustedOrigins === undefined ? {} : { trustedOrigins }),
  };
  const problem =
    ownOptionProblem({ port, host, blockTime, genesisTime }) ??
    servingOptionsProblem('startServer', {
      profile,
      faults,
      etherscan,
      access,
      cache,
      publicUrl,
      automine,
      headTime,
      genesisTime,
    });
  if (problem) throw new StartServerError(problem);
  const solcProblem = solcOptionProblem('startServer', options.solc);
  if (solcProblem) throw new StartServerError(solcProblem);
  const scenarioFile = typeof scenario === 'string' && isScenarioPath(scenario) ? scenario : null;
  if (watch && !scenarioFile) throw new StartServerError('startServer: watch needs a scenario file');
  const { build, opened, filesRead } = await openServed(scenario, scenarioFile, {
    seed,
    head,
    blockTime,
    genesisTime,
    headTime,
    cache,
  });
  let readyMs: number | null = null;
  let rebuild: { number: number; at: string } | null = null;
  // The chain builder, loaded when mining or the mempool first needs it (a request that needs it
  // meanwhile waits for it, as for the views' lazy modules).
  const builderModule = lazyModule('chain builder', () => import('../generators/buildChain.js'));
  const loadBuilder = () => builderModule.load();
  // Where NFT media URLs point: the served address, known once listening (nothing is answered before).
  let mediaOrigin = publicUrl ?? DEFAULT_MEDIA_ORIGIN;
  const live = createLiveChain(opened.chain, {
    profile,
    start: () => ({ ...opened.origin, readyMs, ...(rebuild ? { build: rebuild } : {}) }),
    build,
    createBuilder: (o, sends) => builderModule.get().createChainBuilder(o, sends),
    executor: evmExecutorModule(),
    automine,
    origin: () => mediaOrigin,
    ...(etherscan ? { etherscan } : {}),
    ...compilerOption(options.solc),
  });
  const socket = createPhoenixSocket();
  const serving = await serveLive(live, socket, {
    port,
    host,
    faults,
    seed: opened.chain.seed,
    policy: serverPolicy(access, host, publicUrl),
  });
  // A server bound to every interface is reached, from this machine, at the loopback address.
  mediaOrigin = publicUrl ?? (UNSPECIFIED_HOSTS.has(host) ? `http://127.0.0.1:${serving.port}` : serving.url);
  const broadcasting = broadcastBlocks(live, socket);
  const stopWatching =
    scenarioFile && watch
      ? watchScenario(scenarioFile, filesRead, {
          build,
          live,
          loadBuilder,
          rebuilt: (number) => (rebuild = { number, at: new Date().toISOString() }),
        })
      : () => {};
  const stopClock =
    blockTime === undefined
      ? () => {}
      : startClock(live, {
          build,
          blockTime,
          rule: await loadBuilder(),
          onError: (error) => console.error('explorer-mock: mining failed:', error),
        });
  readyMs = performance.now() - started;
  // After the first answers: load what the views load lazily, write the snapshot of a built chain,
  // then (for the CLI) render the newest entities while idle.
  let background: Promise<unknown> = Promise.resolve();
  const stopped = new AbortController();
  const later = setTimeout(() => {
    background = opened
      .saveSnapshotWhileIdle()
      .then(() => loadAnswerModules())
      .then(() => (warm ? live.warmUp(stopped.signal) : undefined))
      .catch((error: unknown) => console.error('explorer-mock: background work after start failed:', error));
  }, AFTER_START_MS);
  return {
    ...serving,
    get chain() {
      return live.current.chain;
    },
    origin: opened.origin,
    mine: async (blocks = 1) => {
      await loadBuilder();
      return (await live.mineSettled(blocks)).headHeight;
    },
    reset: () => live.reset(),
    close: async () => {
      stopWatching();
      stopClock();
      clearTimeout(later);
      stopped.abort();
      opened.saveSnapshot();
      await serving.close();
      // Module loads and broadcasts under way finish first: a test runner may tear down its module loader next.
      await Promise.all([background, broadcasting()]);
    },
  };
}

/** Serves a live chain over HTTP, with the Phoenix socket and the node's socket beside it. */
async function serveLive(
  live: LiveChain,
  socket: PhoenixSocket,
  options: { port: number; host: string; faults: FaultConfig; seed: string; policy: AccessPolicy },
) {
  const { port, host, faults, seed, policy } = options;
  const nodeSocket = lazyNodeSocket(live, seed);
  return serve(live.answer, {
    port,
    host,
    faults,
    seed,
    access: policy,
    attach: (server, serverFaults) => {
      const detach = attachUpgrades(
        server,
        new Map([
          [SOCKET_PATH, socket.route],
          [NODE_SOCKET_PATH, nodeSocket.route],
        ]),
        serverFaults,
        policy,
      );
      return () => {
        socket.close();
        nodeSocket.close();
        detach();
      };
    },
  });
}

/** Who may use a server: loopback names, its `host`, the allowed hosts and its public URL's host; pages that may change its state. */
function serverPolicy(access: AccessOptions, host: string, publicUrl: string | undefined) {
  // The server is reached at its public URL: its host is one of the server's own.
  const publicHost = publicUrl === undefined ? undefined : new URL(publicUrl).hostname;
  return accessPolicy({
    ...access,
    boundHost: host,
    ...(publicHost === undefined || access.allowedHosts === true || publicHost.startsWith('[')
      ? {}
      : { allowedHosts: [...(access.allowedHosts ?? []), publicHost] }),
  });
}

/** Rebuilds on every settled edit of the scenario's files; a broken edit keeps the chain served. */
function watchScenario(
  file: string,
  files: readonly string[],
  on: {
    readonly build: BuildChainOptions;
    readonly live: LiveChain;
    readonly loadBuilder: () => Promise<typeof import('../generators/buildChain.js')>;
    /** A new build is served (its number: the first is 1). */
    readonly rebuilt: (generation: number) => void;
  },
): () => void {
  let stop = watchFiles(files, changed);
  let generation = 1;
  /** The edits seen so far: a rebuild that ends after a later edit started its own is dropped (the newer one serves). */
  let edits = 0;
  async function changed() {
    const edit = ++edits;
    const read: string[] = [];
    try {
      const { loadScenario } = await import('../scenarios/loadScenario.js');
      const next = await loadScenario(file, process.cwd(), [], read);
      const { contractRuns: _earlier, ...kept } = on.build;
      const nextBuild = await withContractRuns({ ...kept, scenario: next });
      const chain = (await on.loadBuilder()).buildChain(nextBuild);
      if (edit !== edits) return;
      generation += 1;
      on.rebuilt(generation);
      on.live.replace(chain, nextBuild);
      process.stderr.write(`explorer-mock: ${file} changed; serving build ${generation} (head ${chain.headHeight})\n`);
    } catch (error) {
      process.stderr.write(
        `explorer-mock: ${error instanceof Error ? error.message : String(error)}; still serving build ${generation}\n`,
      );
    }
    stop();
    stop = watchFiles(read.length ? read : files, changed);
  }
  return () => stop();
}

/** What the Phoenix socket broadcasts of a mined block, loaded with the first one to broadcast. */
const phoenixEvents = lazyModule('the explorer’s socket events', () => import('./phoenix/blockEvents.js'));
/** What it broadcasts of the mempool, loaded with the first one to broadcast. */
const pendingEvents = lazyModule('the explorer’s mempool events', () => import('./phoenix/mempoolEvents.js'));

/**
 * Broadcasts on the Phoenix socket what each mined block and each accepted send brings, in order
 * (a view may wait for a lazily loaded module). A send's pool is read as it is accepted and kept
 * across the attempts (under automine it is mined next, and the pool moves on). Returns the
 * broadcasts under way.
 */
function broadcastBlocks(live: LiveChain, socket: PhoenixSocket): () => Promise<void> {
  let broadcasting: Promise<void> = Promise.resolve();
  live.onBlock((_chain, height) => {
    const app = live.current;
    broadcasting = broadcasting
      .then(() =>
        withModules(() => [
          ...phoenixEvents.get().blockEvents(app.rest.context, height, socket),
          // The mempool in front of the newest head, once per mine.
          ...(height === app.chain.headHeight
            ? pendingEvents.get().mempoolEvents(app.rest.context, socket, app.rest.context.mempool())
            : []),
        ]),
      )
      .then((messages) => socket.broadcast(messages))
      .catch((error: unknown) => console.error('explorer-mock: websocket broadcast failed:', error));
  });
  // A sent transaction's pending events, rendered as it is accepted (under automine it is mined next).
  live.onPending((hash) => {
    if (!socket.listening('transactions:new_pending_transaction') && !socket.listeningUnder('addresses')) return;
    const app = live.current;
    const rendered = withModules(() => {
      const pool = sameAcrossAttempts(() => app.rest.context.mempool());
      return pendingEvents.get().mempoolEvents(app.rest.context, socket, pool, hash);
    });
    broadcasting = broadcasting
      .then(() => rendered)
      .then((messages) => socket.broadcast(messages))
      .catch((error: unknown) => console.error('explorer-mock: websocket broadcast failed:', error));
  });
  return () => broadcasting;
}

/**
 * The chain a server starts with: a scenario file read (and checked: `ScenarioError`), built-ins
 * and objects as they are; built, or opened from the snapshot cache. A scenario asking for the
 * impossible is a `StartServerError` (a file's, at its knob).
 */
async function openServed(
  scenario: string | Scenario,
  scenarioFile: string | null,
  options: {
    seed: string | number;
    head: number | undefined;
    blockTime: number | undefined;
    genesisTime: number | undefined;
    headTime: number | 'now' | undefined;
    cache: CacheOption | undefined;
  },
) {
  const { seed, head, blockTime, genesisTime, headTime, cache } = options;
  const filesRead: string[] = [];
  const resolved = scenarioFile
    ? await (await import('../scenarios/loadScenario.js')).loadScenario(scenarioFile, process.cwd(), [], filesRead)
    : scenario;
  try {
    const options: BuildChainOptions & { readonly scenario: string | Scenario } = {
      scenario: resolved,
      seed,
      ...(await growthOptions({ scenario: resolved, seed, head, blockTime, genesisTime, headTime })).build,
    };
    // A chain anchored to the wall clock has other times (so another key) at each start: a snapshot of it would only fill the cache.
    const clockAnchored = genesisTime === undefined && (headTime === 'now' || blockTime !== undefined);
    const opened = await openChain({
      ...options,
      ...(clockAnchored ? { cache: false } : cache === undefined ? {} : { cache }),
      contractRunner: CONTRACT_RUNNER,
    });
    const build = opened.contractRuns ? { ...options, contractRuns: opened.contractRuns } : options;
    return { build, opened, filesRead };
  } catch (error) {
    if (!(error instanceof BuildChainError)) throw error;
    // A scenario file asking for the impossible is the file's problem, reported at its knob.
    if (scenarioFile)
      throw (await import('../scenarios/loadScenario.js')).scenarioErrorOf(resolvePath(scenarioFile), error) ?? error;
    throw new StartServerError(error.message.replace(/^buildChain/, 'startServer'));
  }
}

/** What is wrong with the options only a server takes (where it listens, its clock), or null. */
function ownOptionProblem(options: {
  port: number;
  host: string;
  blockTime: number | undefined;
  genesisTime: number | undefined;
}): string | null {
  const { port, host, blockTime, genesisTime } = options;
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    return `startServer: port must be an integer from 0 to 65535, got ${port}`;
  if (typeof host !== 'string' || host === '')
    return `startServer: host must be a non-empty string, got ${String(host)}`;
  if (blockTime !== undefined && (!Number.isSafeInteger(blockTime) || blockTime < 1))
    return `startServer: blockTime must be a whole number of seconds, at least 1, got ${blockTime}`;
  if (genesisTime !== undefined && (!Number.isSafeInteger(genesisTime) || genesisTime < 0))
    return `startServer: genesisTime must be unix seconds, got ${genesisTime}`;
  return null;
}

/** How long after listening a server waits before its background work, so first requests go first. */
const AFTER_START_MS = 150;

/** The build options a head and a clock add: the clock's slot length and its genesis time, anchored so the head is now (or at `headTime`). */
async function growthOptions(options: {
  scenario: string | Scenario;
  seed: string | number;
  head: number | undefined;
  blockTime: number | undefined;
  genesisTime: number | undefined;
  headTime: number | 'now' | undefined;
}): Promise<{ build: Pick<BuildChainOptions, 'head' | 'genesisTime' | 'slotSeconds'> }> {
  const { head, blockTime, genesisTime, headTime } = options;
  const build: { head?: number; genesisTime?: number; slotSeconds?: number } = {};
  if (head !== undefined) build.head = head;
  if (blockTime !== undefined) build.slotSeconds = blockTime;
  if (genesisTime !== undefined) build.genesisTime = genesisTime;
  else if (headTime !== undefined || blockTime !== undefined) {
    // Loaded here, off the start-up path of a server with no clock.
    const { clockAnchoredGenesisTime } = await import('./live/clockAnchor.js');
    build.genesisTime = clockAnchoredGenesisTime({ ...options, head, headTime, blockTime });
    if (build.genesisTime < 0)
      throw new StartServerError(`startServer: headTime ${headTime} is too early: the chain would start before 1970`);
  }
  return { build };
}
