import type { CachedAnswers } from '../http/cachedAnswers.js';
import type { HttpAnswer, HttpRequest } from '../http/answerHttp.js';
import { withModules } from '../lazy/lazyModule.js';
import { rateLimitBody } from '../etherscanV2/texts.js';
import { errorMessageOf } from './faultConfig.js';
import type { FaultPlan, FaultRequest } from './planFaults.js';

/** What an adapter must do: send an answer (perhaps slowly), or break the connection. */
export type FaultedAnswer =
  | { readonly kind: 'answer'; readonly answer: HttpAnswer; readonly slow: boolean }
  | { readonly kind: 'reset' }
  | { readonly kind: 'empty' };

const encoder = new TextEncoder();

function jsonAnswer(status: number, message: string, headers: Readonly<Record<string, string>>): HttpAnswer {
  const body = encoder.encode(JSON.stringify({ message }));
  return {
    status,
    headers: {
      'access-control-allow-origin': '*',
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(body.length),
      ...headers,
    },
    body,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every API: the REST API, the explorer's other APIs under /api (its ETH RPC, the Etherscan-style
 * API, also at Blockscout's multichain `/{chainId}/api`), Etherscan's `/v2/api`, the node.
 */
const isApi = (url: string) => /^\/(api|rpc|v2\/api|\d+\/api)(\/|\?|$)/.test(url);

/** Etherscan's API answers a client over the rate limit in its envelope, with HTTP 200, as Etherscan does. */
const isEtherscanV2 = (url: string) => /^\/v2\/api\/?(\?|$)/.test(url);

function etherscanRateLimited(limit: { limit: number; windowMs: number }, headers: Readonly<Record<string, string>>) {
  const body = encoder.encode(rateLimitBody(limit.limit, limit.windowMs));
  return {
    status: 200,
    headers: {
      'access-control-allow-origin': '*',
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(body.length),
      ...headers,
    },
    body,
  };
}

/**
 * Answers a request with the faults its plan holds: waits the latency, then breaks the connection,
 * answers a forced status with the explorer's body for it, or answers normally with the
 * rate-limit headers added. Faults apply to API requests only; the home page always answers.
 */
export async function answerWithFaults(
  answer: CachedAnswers,
  plan: ((request: FaultRequest) => FaultPlan) | null,
  request: HttpRequest & { readonly client: string },
): Promise<FaultedAnswer> {
  if (!plan || !isApi(request.url) || request.method.toUpperCase() === 'OPTIONS')
    return { kind: 'answer', answer: await withModules(() => answer(request)), slow: false };
  const faults = plan(request);
  if (faults.invalid) return { kind: 'answer', answer: jsonAnswer(400, faults.invalid, faults.headers), slow: false };
  if (faults.latencyMs > 0) await sleep(faults.latencyMs);
  if (faults.connection === 'reset' || faults.connection === 'empty') return { kind: faults.connection };
  let answered: HttpAnswer;
  if (faults.rateLimited && isEtherscanV2(request.url))
    answered = etherscanRateLimited(faults.rateLimited, faults.headers);
  else if (faults.status !== undefined)
    answered = jsonAnswer(faults.status, errorMessageOf(faults.status), faults.headers);
  else {
    const normal = await withModules(() => answer(request));
    answered = Object.keys(faults.headers).length
      ? { ...normal, headers: { ...normal.headers, ...faults.headers } }
      : normal;
  }
  if (request.method.toUpperCase() === 'HEAD') answered = { ...answered, body: null };
  return { kind: 'answer', answer: answered, slow: faults.connection === 'slow-body' };
}

/** How a slow body is sent: this many chunks, this far apart. */
export const SLOW_BODY = { chunks: 16, intervalMs: 100 } as const;
