import { request } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiHandler } from '../rest/response.js';
import { cachedAnswers } from '../http/cachedAnswers.js';
import { CLOSE_GRACE_MS, serve, type Serving } from './serve.js';

const fakeApi: ApiHandler = (pathname, query) => {
  if (pathname === '/api/v2/boom') throw new Error('a bug');
  return { status: 200, body: JSON.stringify({ pathname, query: [...query] }) };
};

const running: Serving[] = [];
async function start(api: ApiHandler = fakeApi) {
  const onError = vi.fn();
  const serving = await serve(cachedAnswers({ mounts: [{ path: '/api/v2', get: api }], onError }), {
    port: 0,
    host: '127.0.0.1',
  });
  running.push(serving);
  return Object.assign(serving, { onError });
}
afterEach(() => Promise.all(running.splice(0).map((s) => s.close())));

/** Sends raw bytes; resolves with everything received once the server closes the connection. */
function raw(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let data = '';
    socket.on('data', (chunk) => (data += chunk));
    socket.on('close', () => resolve(data));
  });
}

const connected = async (port: number) => {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  return socket;
};

describe('serve, with a fake ApiHandler', () => {
  it('turns a throw into a logged 500 JSON, never cached, and keeps serving', async () => {
    const s = await start();
    for (let i = 0; i < 2; i++) {
      const r = await fetch(`${s.url}/api/v2/boom`);
      expect([
        r.status,
        r.headers.get('content-type'),
        r.headers.get('access-control-allow-origin'),
        await r.text(),
      ]).toEqual([500, 'application/json; charset=utf-8', '*', '{"message":"Internal server error"}']);
    }
    expect(s.onError).toHaveBeenCalledTimes(2);
    expect((await fetch(`${s.url}/api/v2/fine`)).status).toBe(200);
  });

  it('hands the ApiHandler the raw path without its trailing slash, and the query', async () => {
    const s = await start();
    expect(await (await fetch(`${s.url}/api/v2/addresses/?a=1&a=%20`)).json()).toEqual({
      pathname: '/api/v2/addresses',
      query: [
        ['a', '1'],
        ['a', ' '],
      ],
    });
    expect(await (await fetch(`${s.url}/api/v2/`)).json()).toMatchObject({ pathname: '/api/v2' });
    expect(await (await fetch(`${s.url}/api/v2/x%E0%A4%A/%zz?%zz=%`)).json()).toMatchObject({
      pathname: '/api/v2/x%E0%A4%A/%zz',
    });
  });

  it.each([
    ['GET *', 404],
    ['HEAD *', 404],
    ['POST *', 405],
    ['GET //', 404],
    ['GET /%', 404],
    ['GET /%00', 404],
    ['GET /api/v2#fragment', 200],
    ['GET /api/v2/a/../b', 200],
    ['GET http://elsewhere/api/v2/x?q=1', 200],
    ['GET http://elsewhere', 404],
    ['GET x', 400],
  ])('answers the odd request line %s with %i JSON, without a 500', async (line, status) => {
    const s = await start();
    const text = await raw(s.port, `${line} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(text).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(text).toMatch(/\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
    expect(s.onError).not.toHaveBeenCalled();
  });

  it('answers a preflight for `*`', async () => {
    const s = await start();
    const text = await raw(
      s.port,
      'OPTIONS * HTTP/1.1\r\nHost: x\r\nAccess-Control-Request-Method: GET\r\nConnection: close\r\n\r\n',
    );
    expect(text).toMatch(/^HTTP\/1\.1 204 /);
  });

  it('runs two servers side by side', async () => {
    const a = await start((p) => ({ status: 200, body: `{"server":"a","path":"${p}"}` }));
    const b = await start((p) => ({ status: 200, body: `{"server":"b","path":"${p}"}` }));
    expect(a.port).not.toBe(b.port);
    const [ra, rb] = await Promise.all([fetch(`${a.url}/api/v2/x`), fetch(`${b.url}/api/v2/x`)]);
    expect([await ra.json(), await rb.json()]).toEqual([
      { server: 'a', path: '/api/v2/x' },
      { server: 'b', path: '/api/v2/x' },
    ]);
    await a.close();
    expect((await fetch(`${b.url}/api/v2/y`)).status).toBe(200);
  });

  it('close() finishes a request in flight, drops idle keep-alive connections and refuses new ones', async () => {
    const s = await start();
    await fetch(`${s.url}/api/v2/warm`); // leaves a kept-alive connection behind
    const slow = fetch(`${s.url}/api/v2/slow`, { headers: { 'x-mock-latency': '400' } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    const closed = s.close();
    const r = await slow;
    expect([r.status, await r.json()]).toEqual([200, { pathname: '/api/v2/slow', query: [] }]);
    await closed;
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(s.close()).toBe(closed);
    await expect(fetch(`${s.url}/api/v2/x`)).rejects.toThrow();
  });

  it('close() resolves soon with a client connected that sent nothing or half a request', async () => {
    const s = await start();
    const silent = await connected(s.port);
    const half = await connected(s.port);
    half.write('GET /api/v2/x HTTP/1.1\r\nHost: x\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const dropped = Promise.all(
      [silent, half].map((socket) => new Promise((resolve) => socket.once('close', resolve))),
    );
    const started = performance.now();
    await s.close();
    await dropped;
    expect(performance.now() - started).toBeLessThan(CLOSE_GRACE_MS + 300);
  });

  it('answers a 10 KB URL with 414 JSON (node:http client)', async () => {
    const s = await start();
    const [status, body] = await new Promise<[number, string]>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: s.port, path: `/api/v2/x?${'a'.repeat(10_000)}` }, (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve([res.statusCode!, text]));
      });
      req.on('error', reject);
      req.end();
    });
    expect([status, body]).toEqual([414, '{"message":"URI too long"}']);
  });
});
