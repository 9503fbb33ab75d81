import { stream } from '../../generators/random/stream.js';
import { type FaultConfig, isErrorStatus, latencyRange, MAX_LATENCY_MS } from './faultConfig.js';

export type ConnectionFault = 'reset' | 'empty' | 'slow-body';

/** What faults one request gets. */
export interface FaultPlan {
  readonly latencyMs: number;
  /** Answer with this error status (and the explorer's body for it) instead. */
  readonly status?: number;
  readonly connection?: ConnectionFault;
  /** Rate-limit headers, sent on every API answer while a limit is set. */
  readonly headers: Readonly<Record<string, string>>;
  /** A malformed fault header: answered with 400 and this message. */
  readonly invalid?: string;
  /** The client passed the rate limit (the 429 is the limit's, not a forced status): the limit and its window. */
  readonly rateLimited?: { readonly limit: number; readonly windowMs: number };
}

export interface FaultRequest {
  readonly header: (name: string) => string | null | undefined;
  /** Who is asking, for the rate limit (a remote address). */
  readonly client: string;
}

const CONNECTION_FAULTS: readonly ConnectionFault[] = ['reset', 'empty', 'slow-body'];

const FAULT_HEADERS = new Set(['x-mock-latency', 'x-mock-status', 'x-mock-fault', 'prefer']);

/**
 * Whether a request asks for a fault by header (so the server's fast path must not answer it),
 * from Node's raw header list: reading `req.headers` would build an object on every request.
 */
export function asksForFault(rawHeaders: readonly string[]): boolean {
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    if ((name.length === 6 || name.startsWith('x-') || name.startsWith('X-')) && FAULT_HEADERS.has(name.toLowerCase()))
      return true;
  }
  return false;
}

/**
 * Decides the faults of each API request. Deterministic: the n-th request's jitter and error draw
 * come from the stream (seed, `fault:n`), so the same flags and the same sequence of requests
 * give the same faults. Headers of one request win over the flags and touch no other request.
 * The rate limit counts requests per client in fixed windows of the clock.
 */
export function createFaultPlanner(config: FaultConfig, seed: string, now: () => number = Date.now) {
  let sequence = 0;
  const windows = new Map<string, { start: number; count: number }>();
  return (request: FaultRequest): FaultPlan => {
    const n = sequence++;
    const rng = stream(seed, `fault:${n}`);
    const headers: Record<string, string> = {};
    let status: number | undefined;
    let rateLimited: FaultPlan['rateLimited'];

    if (config.rateLimit) {
      const { limit, windowMs } = config.rateLimit;
      const time = now();
      let window = windows.get(request.client);
      if (!window || time - window.start >= windowMs) {
        window = { start: time - (time % windowMs), count: 0 };
        if (windows.size > 10_000) windows.clear();
        windows.set(request.client, window);
      }
      window.count++;
      headers['x-ratelimit-limit'] = String(limit);
      headers['x-ratelimit-remaining'] = String(Math.max(0, limit - window.count));
      headers['x-ratelimit-reset'] = String(Math.ceil((window.start + windowMs - time) / 1000));
      if (window.count > limit) {
        status = 429;
        rateLimited = config.rateLimit;
      }
    }

    const range = config.latency === undefined ? undefined : latencyRange(config.latency);
    let latencyMs = range ? rng.int(range.min, range.max) : 0;
    const latencyHeader = request.header('x-mock-latency');
    if (latencyHeader != null) {
      if (!/^\d+$/.test(latencyHeader) || Number(latencyHeader) > MAX_LATENCY_MS) {
        return {
          latencyMs: 0,
          headers,
          invalid: `x-mock-latency must be milliseconds from 0 to ${MAX_LATENCY_MS}, got "${latencyHeader.slice(0, 40)}"`,
        };
      }
      latencyMs = Number(latencyHeader);
    }

    if (status === undefined && config.errorRate && rng.next() < config.errorRate) {
      const statuses = config.errorStatuses?.length ? config.errorStatuses : [500];
      status = rng.pick(statuses);
    }
    const forced =
      request.header('x-mock-status') ?? /(?:^|[;,\s])code=(\d+)/.exec(request.header('prefer') ?? '')?.[1];
    if (forced != null) {
      if (!/^\d{3}$/.test(forced) || !isErrorStatus(Number(forced))) {
        return { latencyMs: 0, headers, invalid: `a forced status must be 400-599, got "${forced.slice(0, 40)}"` };
      }
      status = Number(forced);
      rateLimited = undefined;
    }

    const fault = request.header('x-mock-fault');
    if (fault != null && !CONNECTION_FAULTS.includes(fault as ConnectionFault)) {
      return {
        latencyMs: 0,
        headers,
        invalid: `x-mock-fault must be one of ${CONNECTION_FAULTS.join(', ')}, got "${fault.slice(0, 40)}"`,
      };
    }
    return {
      latencyMs,
      headers,
      ...(status !== undefined ? { status } : {}),
      ...(rateLimited && status === 429 ? { rateLimited } : {}),
      ...(fault ? { connection: fault as ConnectionFault } : {}),
    };
  };
}
