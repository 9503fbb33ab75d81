import { createMockApp } from './app.js';
import type { Chain } from './chain/types.js';
import { serve } from './server/serve.js';
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
}

export interface RunningServer {
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** The chain the server answers from. */
  readonly chain: Chain;
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
  const { scenario = 'default', seed = 1, port = 0, host = '127.0.0.1', faults = {}, warm = false } = options;
  const faultProblem = validateFaults(faults);
  if (faultProblem) throw new StartServerError(`startServer: ${faultProblem}`);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new StartServerError(`startServer: port must be an integer from 0 to 65535, got ${port}`);
  if (typeof host !== 'string' || host === '') throw new StartServerError(`startServer: host must be a non-empty string, got ${String(host)}`);
  const { chain, answer, warmUp } = createMockApp({ scenario, seed });
  const serving = await serve(answer, { port, host, faults, seed: chain.seed });
  if (warm) void warmUp();
  return { ...serving, chain, close: () => serving.close() };
}
