import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/startServer.js';
import { rawRequest } from '../support/rawRequest.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ scenario: 'tiny', seed: 1, port: 0 });
});
afterAll(() => server.close());

const enc = (text: string) => encodeURIComponent(text);
const hexChars = '0123456789abcdefABCDEF'.split('');

/** Path parameters of every odd shape: real, short, long, odd case, non-hex, unicode, encoded, `..`. */
const param = (chain: RunningServer['chain']) =>
  fc.oneof(
    fc.constantFrom(...Object.values(chain.handles)),
    fc.constantFrom(...Object.values(chain.handles)).map((h) => h.toUpperCase().replace('0X', '0x')),
    fc.string({ unit: fc.constantFrom(...hexChars), maxLength: 70 }).map((s) => `0x${s}`),
    fc.string({ maxLength: 80 }).map(enc),
    fc.string({ unit: 'grapheme', maxLength: 12 }).map(enc),
    fc.constantFrom(
      '..',
      '.',
      '%2e%2e',
      '%',
      '%zz',
      '%E0%A4%A',
      '0x',
      '-1',
      '00',
      '1e3',
      '9007199254740993',
      'null',
      '%00',
    ),
    fc.nat().map(String),
  );

const queryValue = fc.oneof(
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
  fc.double().map(String),
  fc.constantFrom('', 'null', 'to', 'from', 'ERC-20', 'ERC-721,ERC-1155', 'uncle', 'reorg', 'block', 'ERC-99', ',,'),
  fc.string({ maxLength: 30 }),
  fc.constant('x'.repeat(10_000)),
);
const queryKey = fc.constantFrom(
  'filter',
  'type',
  'token',
  'block_number',
  'index',
  'items_count',
  'transaction_index',
  'value',
  'token_name',
  'token_type',
  'fetched_coin_balance',
  'hash',
  'batch_log_index',
  'index_in_batch',
  'batch_block_hash',
  'batch_transaction_hash',
  'token_contract_address_hash',
  'a[]',
  'x',
);
const query = fc
  .array(fc.tuple(queryKey, queryValue), { maxLength: 6 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&')}` : ''));

const TEMPLATES = [
  '/api/v2/addresses',
  '/api/v2/addresses/P',
  '/api/v2/addresses/P/tokens',
  '/api/v2/addresses/P/token-transfers',
  '/api/v2/addresses/P/transactions',
  '/api/v2/addresses/P/internal-transactions',
  '/api/v2/addresses/P/nft/collections',
  '/api/v2/addresses/P/withdrawals',
  '/api/v2/blocks',
  '/api/v2/blocks/P/transactions',
  '/api/v2/transactions/P/token-transfers',
  '/api/v2/smart-contracts/P',
  '/api/v2/openapi',
  '/api/v2/P',
  '/api/v2/P/P/P',
  '/',
  '/__mock/scenario',
  '/P',
  '/api/v3/blocks',
];

/** A `Host` as a browser after DNS rebinding sends it (another site's name), or one of the server's own; absent mostly. */
const hostArb = fc.option(
  fc.constantFrom(
    'evil.example',
    'evil.example:4000',
    'localhost.evil.example',
    'localhost',
    '127.0.0.1:9',
    '[::1]',
    'a:b:c',
  ),
  { freq: 4 },
);
/** An `Origin`: none mostly, this machine's, another site's, a sandboxed page's, junk. */
const originArb = fc.option(
  fc.constantFrom(
    'https://evil.example',
    'http://localhost:3000',
    'null',
    'http://127.0.0.1:5173',
    'x',
    'http://[::1]',
  ),
  { freq: 3 },
);
const FOREIGN_HOSTS = new Set(['evil.example', 'evil.example:4000', 'localhost.evil.example', 'a:b:c']);
const FOREIGN_ORIGINS = new Set(['https://evil.example', 'null', 'x']);

const requestArb = (chain: RunningServer['chain']) =>
  fc.record({
    method: fc.constantFrom('GET', 'GET', 'GET', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH'),
    host: hostArb,
    origin: originArb,
    // The controls, reached only from foreign pages (from others they would mine: the chain must stay put).
    control: fc.option(fc.constantFrom('/__mock/mine', '/__mock/reset'), { freq: 20 }),
    path: fc.tuple(fc.constantFrom(...TEMPLATES), param(chain), param(chain), param(chain)).map(([t, a, b, c]) => {
      const parts = [a, b, c];
      return t.replace(/P/g, () => parts.shift()!);
    }),
    trailingSlash: fc.boolean(),
    query,
  });

/** Checks one answer against what the mock promises: never a 5xx, always a JSON message on errors. */
function checkAnswer(method: string, status: number, headers: Record<string, unknown>, body: string, url: string) {
  expect(status, url).toBeLessThan(500);
  if (method === 'HEAD' || status === 204) return expect(body).toBe('');
  const type = String(headers['content-type']);
  if (type.startsWith('text/html')) return expect(body).toMatch(/^<!doctype html>/);
  expect(type, url).toBe('application/json; charset=utf-8');
  const json = JSON.parse(body) as Record<string, unknown>;
  if (status >= 400) expect(json.message, url).toEqual(expect.any(String));
}

const statuses = new Map<number, number>();

async function fuzz(runs: number, seed: number) {
  let sent = 0;
  await fc.assert(
    fc.asyncProperty(
      requestArb(server.chain),
      async ({ method, path, trailingSlash, query, host, origin, control }) => {
        const url = control ?? `${path}${trailingSlash ? '/' : ''}${query}`;
        const headers: Record<string, string> = method === 'OPTIONS' ? { 'access-control-request-method': 'POST' } : {};
        if (host !== null) headers.host = host;
        if (control) headers.origin = 'https://evil.example';
        else if (origin !== null) headers.origin = origin;
        const answer = await rawRequest(server.url, method, url, headers);
        sent++;
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const what = `${method} ${url} host ${host} origin ${headers.origin}`;
        checkAnswer(method, answer.status, answer.headers, answer.body, what);
        // A head too large is refused by Node's parser first (431), before any host is looked at.
        if (host !== null && FOREIGN_HOSTS.has(host) && answer.status !== 431) expect(answer.status, what).toBe(403);
        else if (control && (method === 'POST' || method === 'OPTIONS')) expect(answer.status, what).toBe(403);
        else if (origin !== null && FOREIGN_ORIGINS.has(origin) && method !== 'POST')
          expect(answer.status, what).not.toBe(403);
      },
    ),
    { numRuns: runs, seed },
  );
  return sent;
}

describe('fuzzing the running server', () => {
  it('answers 10,000 odd requests with 2xx/4xx JSON, stays up, and keeps memory bounded; foreign hosts and pages change nothing', async () => {
    const head = server.chain.headHeight;
    const first = await fuzz(5_000, 1);
    gc();
    const heapAfterFirst = process.memoryUsage().heapUsed;
    const second = await fuzz(5_000, 2);
    gc();
    const heapAfterSecond = process.memoryUsage().heapUsed;
    expect(first + second).toBe(10_000);
    // The generator reaches every kind of answer, not only the easy ones.
    expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([200, 204, 400, 403, 404, 405, 414, 422, 431]));
    // No request from a foreign page mined or reset the chain.
    expect(server.chain.headHeight).toBe(head);
    // The caches are bounded: a second round of new URLs must not grow the heap without bound.
    expect(heapAfterSecond - heapAfterFirst).toBeLessThan(64 * 1024 * 1024);
    expect((await fetch(`${server.url}/api/v2/blocks`)).status).toBe(200);
  });
});
