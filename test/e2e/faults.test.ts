import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/startServer.js';
import { rawRequest } from '../support/rawRequest.js';

let plain: RunningServer;
beforeAll(async () => {
  plain = await startServer({ scenario: 'tiny', seed: 1, port: 0 });
});
afterAll(() => plain.close());

const timed = async (url: string, init?: RequestInit) => {
  const start = performance.now();
  const response = await fetch(url, init);
  const body = await response.text();
  return { response, body, ms: performance.now() - start };
};

describe('faults asked for by a request', () => {
  it('delays by x-mock-latency', async () => {
    const { response, ms } = await timed(`${plain.url}/api/v2/blocks`, { headers: { 'x-mock-latency': '300' } });
    expect(response.status).toBe(200);
    expect(ms).toBeGreaterThanOrEqual(295);
  });

  it('forces a status with prefer: code=… or x-mock-status, with the explorer body for it', async () => {
    const a = await timed(`${plain.url}/api/v2/blocks`, { headers: { prefer: 'code=503' } });
    expect([a.response.status, JSON.parse(a.body)]).toEqual([503, { message: 'Service unavailable' }]);
    const b = await timed(`${plain.url}/api/v2/blocks`, { headers: { 'x-mock-status': '404' } });
    expect([b.response.status, JSON.parse(b.body)]).toEqual([404, { message: 'Not found' }]);
    expect(b.response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('breaks the connection: reset and empty', async () => {
    await expect(rawRequest(plain.url, 'GET', '/api/v2/blocks', { 'x-mock-fault': 'reset' })).rejects.toThrow(
      /ECONNRESET|socket hang up/,
    );
    await expect(rawRequest(plain.url, 'GET', '/api/v2/blocks', { 'x-mock-fault': 'empty' })).rejects.toThrow(
      /socket hang up|ECONNRESET/,
    );
  });

  it('sends a slow body that arrives whole', async () => {
    const normal = await timed(`${plain.url}/api/v2/blocks`);
    const slow = await timed(`${plain.url}/api/v2/blocks`, { headers: { 'x-mock-fault': 'slow-body' } });
    expect(slow.body).toBe(normal.body);
    expect(slow.ms).toBeGreaterThanOrEqual(15 * 100 - 20);
  });

  it('rejects a malformed fault header with a 400', async () => {
    const r = await timed(`${plain.url}/api/v2/blocks`, { headers: { 'x-mock-status': 'teapot' } });
    expect(r.response.status).toBe(400);
    expect(JSON.parse(r.body).message).toMatch(/forced status/);
  });

  it('never leaks a fault into the next request or the chain', async () => {
    const before = await timed(`${plain.url}/api/v2/blocks`);
    await timed(`${plain.url}/api/v2/blocks`, { headers: { 'x-mock-status': '500' } });
    const after = await timed(`${plain.url}/api/v2/blocks`);
    expect(after.response.status).toBe(200);
    expect(after.body).toBe(before.body);
    expect(after.response.headers.get('x-ratelimit-limit')).toBeNull();
  });
});

describe('faults set for the whole server', () => {
  it('fails the same requests for the same flags and sequence', async () => {
    const statuses = async () => {
      const server = await startServer({
        scenario: 'tiny',
        seed: 1,
        port: 0,
        faults: { errorRate: 0.2, errorStatuses: [500, 503] },
      });
      try {
        const out: number[] = [];
        for (let i = 0; i < 300; i++)
          out.push(await fetch(`${server.url}/api/v2/blocks?i=${i % 7}`).then(async (r) => (await r.text(), r.status)));
        return out;
      } finally {
        await server.close();
      }
    };
    const [a, b] = [await statuses(), await statuses()];
    expect(a).toEqual(b);
    const failed = a.filter((s) => s !== 200);
    expect(new Set(failed)).toEqual(new Set([500, 503]));
    expect(failed.length).toBeGreaterThan(30);
    expect(failed.length).toBeLessThan(90);
  });

  it('rate-limits each client and says so in headers on every API answer', async () => {
    const server = await startServer({
      scenario: 'tiny',
      port: 0,
      faults: { rateLimit: { limit: 5, windowMs: 60_000 } },
    });
    try {
      const answers = [];
      for (let i = 0; i < 7; i++) answers.push(await timed(`${server.url}/api/v2/addresses`));
      expect(answers.map((a) => a.response.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
      expect(answers.map((a) => a.response.headers.get('x-ratelimit-remaining'))).toEqual([
        '4',
        '3',
        '2',
        '1',
        '0',
        '0',
        '0',
      ]);
      expect(JSON.parse(answers[5]!.body)).toEqual({ message: 'Too many requests' });
      for (const a of answers) {
        expect(a.response.headers.get('x-ratelimit-limit')).toBe('5');
        expect(Number(a.response.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
      }
      // The home page is not rate-limited.
      expect((await fetch(`${server.url}/`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('delays every API answer by the configured latency', async () => {
    const server = await startServer({ scenario: 'tiny', port: 0, faults: { latency: { min: 150, max: 250 } } });
    try {
      for (let i = 0; i < 3; i++) expect((await timed(`${server.url}/api/v2/blocks`)).ms).toBeGreaterThanOrEqual(145);
    } finally {
      await server.close();
    }
  });
});
