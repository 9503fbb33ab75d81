import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler, type MockHandler } from '../../src/handler/createHandler.js';
import { type RunningServer, startServer } from '../../src/startServer.js';
import { expectValidResponse } from '../support/expectValid.js';

let server: RunningServer;
let handler: MockHandler;
beforeAll(async () => {
  server = await startServer({ scenario: 'tiny', seed: 11, port: 0 });
  handler = createHandler({ scenario: 'tiny', seed: 11 });
});
afterAll(() => server.close());

describe('createHandler', () => {
  it('answers exactly as the server does, on any host', async () => {
    const h = handler.chain.handles;
    const paths = [
      '/api/v2/addresses',
      `/api/v2/addresses/${h.whale}`,
      `/api/v2/addresses/${h.busyAddress}/transactions?filter=from`,
      `/api/v2/addresses/${h.busyAddress}/token-transfers`,
      '/api/v2/blocks?type=uncle',
      `/api/v2/smart-contracts/${h.erc20Token}`,
      `/api/v2/transactions/${h.largeBatchTransaction}/token-transfers`,
      '/api/v2/addresses/0x12',
      '/api/v2/nothing',
      '/api/v2/blocks/999999/transactions',
    ];
    for (const path of paths) {
      const [fromServer, inProcess] = await Promise.all([
        fetch(`${server.url}${path}`),
        handler(new Request(`https://explorer.example${path}`)),
      ]);
      const [a, b] = [await fromServer.text(), await inProcess.text()];
      expect(inProcess.status, path).toBe(fromServer.status);
      expect(b, path).toBe(a);
      for (const name of ['content-type', 'access-control-allow-origin', 'content-length'])
        expect(inProcess.headers.get(name), `${path} ${name}`).toBe(fromServer.headers.get(name));
      expectValidResponse(path, inProcess.status, b);
    }
  });

  it('handles HEAD, preflight and other methods like the server', async () => {
    const head = await handler(new Request('http://x/api/v2/blocks', { method: 'HEAD' }));
    expect([head.status, await head.text()]).toEqual([200, '']);
    const preflight = await handler(
      new Request('http://x/api/v2/blocks', { method: 'OPTIONS', headers: { 'access-control-request-method': 'GET' } }),
    );
    expect(preflight.status).toBe(204);
    const post = await handler(new Request('http://x/api/v2/blocks', { method: 'POST', body: '{}' }));
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD, OPTIONS']);
  });

  it('injects faults by option and by header', async () => {
    const flaky = createHandler({ scenario: 'tiny', errorRate: 1, errorStatuses: [503] });
    expect((await flaky(new Request('http://x/api/v2/blocks'))).status).toBe(503);
    expect((await handler(new Request('http://x/api/v2/blocks', { headers: { prefer: 'code=429' } }))).status).toBe(
      429,
    );
    await expect(
      handler(new Request('http://x/api/v2/blocks', { headers: { 'x-mock-fault': 'reset' } })),
    ).rejects.toThrow(TypeError);
    const slow = await handler(new Request('http://x/api/v2/blocks', { headers: { 'x-mock-fault': 'slow-body' } }));
    expect(await slow.text()).toBe(await (await handler(new Request('http://x/api/v2/blocks'))).text());
    expect(() => createHandler({ errorRate: 3 })).toThrow(/createHandler: errorRate must be from 0 to 1/);
  });
});
