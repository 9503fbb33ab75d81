import { type Profile, PROFILES } from './views/context.js';
import { createMockApp } from './app.js';
import { type CacheOption, cacheOptionProblem } from './cache/cacheSettings.js';
import { openChain, type ChainOrigin } from './cache/openChain.js';
import type { Chain } from './chain/types.js';
import { serve } from './server/serve.js';
import { loadHeavy } from './views/heavy.js';
import type { FaultConfig } from './faults/faultConfig.js';
import { validateFaults } from './faults/validateFaults.js';

export interface StartServerOptions {
  /** A built-in scenario's name (default `default`). */
  readonly scenario?: string;
  /** Any integer or string (default 1). */
  readonly seed?: string | number;
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
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
}

export interface RunningServer {
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** The chain the server answers from. */
  readonly chain: Chain;
  /** Whether the chain came from the snapshot cache or was built, and how long that took. */
  readonly origin: ChainOrigin;
  /** Stops the server; requests in flight finish first. */
  close(): Promise<void>;
}

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
  const { scenario = 'default', seed = 1, port = 0, host = '127.0.0.1', faults = {}, warm = false, cache, profile = 'spec' } = options;
  if (!PROFILES.includes(profile)) throw new StartServerError(`startServer: profile must be one of ${PROFILES.join(', ')}, got ${JSON.stringify(profile)}`);
  const faultProblem = validateFaults(faults);
  if (faultProblem) throw new StartServerError(`startServer: ${faultProblem}`);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new StartServerError(`startServer: port must be an integer from 0 to 65535, got ${port}`);
  if (typeof host !== 'string' || host === '') throw new StartServerError(`startServer: host must be a non-empty string, got ${String(host)}`);
  const cacheProblem = cacheOptionProblem(cache, 'startServer');
  if (cacheProblem) throw new StartServerError(cacheProblem);
  const opened = await openChain({ scenario, seed, ...(cache === undefined ? {} : { cache }) });
  let readyMs: number | null = null;
  const { chain, answer, warmUp } = createMockApp(opened.chain, () => ({ ...opened.origin, readyMs }), profile);
  const serving = await serve(answer, { port, host, faults, seed: chain.seed });
  readyMs = performance.now() - started;
  // After the first answers: load what the views load lazily, write the snapshot of a built chain,
  // then (for the CLI) render the newest entities while idle.
  let background: Promise<unknown> = Promise.resolve();
  const stopped = new AbortController();
  const later = setTimeout(() => {
    background = opened
      .saveSnapshotWhileIdle()
      .then(() => loadHeavy())
      .then(() => (warm ? warmUp(stopped.signal) : undefined))
      .catch((error: unknown) => console.error('explorer-mock: background work after start failed:', error));
  }, AFTER_START_MS);
  return {
    ...serving,
    chain,
    origin: opened.origin,
    close: async () => {
      clearTimeout(later);
      stopped.abort();
      opened.saveSnapshot();
      await serving.close();
      // Module loads under way finish first: a test runner may tear down its module loader next.
      await background;
    },
  };
}

/** How long after listening a server waits before its background work, so first requests go first. */
const AFTER_START_MS = 150;
