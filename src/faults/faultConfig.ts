/** Faults injected into every API answer, set by CLI flags or `startServer`/`createHandler` options. */
export interface FaultConfig {
  /** Added delay in ms: fixed (`200`) or jittered in a range (`{ min: 100, max: 800 }`), drawn from the seed. */
  readonly latency?: number | LatencyRange;
  /** Share of requests (0–1) answered with one of `errorStatuses`, chosen by a seeded stream. */
  readonly errorRate?: number;
  /** Statuses the error rate answers with (default 500). */
  readonly errorStatuses?: readonly number[];
  /** Requests allowed per client per window; more get 429. */
  readonly rateLimit?: { readonly limit: number; readonly windowMs: number };
}

/** A delay range in ms, both ends included. */
export interface LatencyRange {
  readonly min: number;
  readonly max: number;
}

/** A latency option as a range (a fixed delay is a range of one). */
export const latencyRange = (latency: number | LatencyRange): LatencyRange =>
  typeof latency === 'number' ? { min: latency, max: latency } : latency;

/** Longest delay a flag or header may ask for. */
export const MAX_LATENCY_MS = 60_000;

/** `200` or `100-800` (ms) → a latency range, or a message saying what is wrong. */
export function parseLatency(text: string): LatencyRange | string {
  const match = /^(\d+)(?:-(\d+))?$/.exec(text.trim());
  if (!match) return `latency must be milliseconds or a range like 100-800, got "${text}"`;
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : Number(match[2]);
  if (max < min) return `latency range must run low to high, got "${text}"`;
  if (max > MAX_LATENCY_MS) return `latency must be at most ${MAX_LATENCY_MS} ms, got "${text}"`;
  return { min, max };
}

/** An error status a fault may answer with: 400–599. */
export const isErrorStatus = (status: number) => Number.isInteger(status) && status >= 400 && status <= 599;

/** `500,503` → statuses, or a message. */
export function parseStatuses(text: string): number[] | string {
  const statuses = text.split(',').map((s) => Number(s.trim()));
  if (!statuses.length || !statuses.every(isErrorStatus))
    return `error statuses must be a comma list of 400-599, got "${text}"`;
  return statuses;
}

/** `0.1` → a rate in [0, 1], or a message. */
export function parseRate(text: string): number | string {
  const rate = Number(text);
  if (text.trim() === '' || !Number.isFinite(rate) || rate < 0 || rate > 1)
    return `error rate must be a number from 0 to 1, got "${text}"`;
  return rate;
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/** `300/60s` (units ms, s, m, h) → a rate limit, or a message. */
export function parseRateLimit(text: string): FaultConfig['rateLimit'] | string {
  const match = /^(\d+)\/(\d+)(ms|s|m|h)$/.exec(text.trim());
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1)
    return `rate limit must look like 300/60s (requests/window, units ms, s, m, h), got "${text}"`;
  return { limit: Number(match[1]), windowMs: Number(match[2]) * UNIT_MS[match[3]!]! };
}

/** The explorer's body for an error status. */
export function errorMessageOf(status: number): string {
  const messages: Record<number, string> = {
    400: 'Bad request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not found',
    408: 'Request timeout',
    422: 'Invalid parameter(s)',
    429: 'Too many requests',
    500: 'Internal server error',
    502: 'Bad gateway',
    503: 'Service unavailable',
    504: 'Gateway timeout',
  };
  return messages[status] ?? (status < 500 ? 'Bad request' : 'Internal server error');
}
