import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_LIMITS } from '../../src/server/createHttpServer.js';
import { type RunningServer, startServer } from '../../src/startServer.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ scenario: 'tiny', seed: 1, port: 0 });
});
afterAll(() => server.close());

/** Resolves with what the server sent and the milliseconds until it closed the connection. */
function until(socket: Socket): Promise<{ data: string; ms: number }> {
  const start = performance.now();
  let data = '';
  socket.on('data', (chunk) => (data += chunk));
  return new Promise((resolve) => socket.on('close', () => resolve({ data, ms: performance.now() - start })));
}

describe('limits that keep idle and slow clients from holding the server', () => {
  it('closes a connection whose headers never finish, with a JSON 408', async () => {
    const socket = connect(server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const closed = until(socket);
    socket.write('GET /api/v2/blocks HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    const { data, ms } = await closed;
    expect(data).toMatch(/^HTTP\/1\.1 408/);
    expect(data).toContain('{"message":"Request timeout"}');
    expect(ms).toBeGreaterThanOrEqual(SERVER_LIMITS.headersTimeout - 100);
  }, 20_000);

  it('closes an idle kept-alive connection', async () => {
    const socket = connect(server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const closed = until(socket);
    socket.write('GET /api/v2/blocks HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const { data } = await closed;
    expect(data).toMatch(/^HTTP\/1\.1 200/);
    expect(data).toMatch(/keep-alive: timeout=5/i);
  }, 20_000);

  it('answers a garbled request with a JSON 400 and keeps serving', async () => {
    const socket = connect(server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const closed = until(socket);
    socket.write('BLAH\x00 / HTTP/9\r\n\r\n');
    const { data } = await closed;
    expect(data).toMatch(/^HTTP\/1\.1 400/);
    expect(data).toContain('{"message":"Bad request"}');
    expect((await fetch(`${server.url}/api/v2/blocks`)).status).toBe(200);
  });
});
