import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/startServer.js';
import { walk } from '../support/walk.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ scenario: 'default', seed: 3, port: 0 });
});
afterAll(() => server.close());

const get = async (url: string) => {
  const response = await fetch(`${server.url}/api/v2${url}`);
  return { status: response.status, body: await response.text() };
};

describe('concurrent clients', () => {
  it('200 clients walking several lists at once get the bytes of one sequential walk', async () => {
    const h = server.chain.handles;
    const lists = [
      `/addresses/${h.busyAddress}/transactions`,
      '/blocks',
      `/addresses/${h.busyAddress}/token-transfers`,
      `/addresses/${h.vault}/internal-transactions`,
    ];
    // The reference: one client, one list after another, on a fresh server with a cold cache.
    const reference = new Map<string, string[]>();
    const fresh = await startServer({ scenario: 'default', seed: 3, port: 0 });
    try {
      for (const list of lists) {
        const pages = (
          await walk(async (url) => {
            const r = await fetch(`${fresh.url}/api/v2${url}`);
            return { status: r.status, body: await r.text() };
          }, list)
        ).pages;
        reference.set(
          list,
          pages.map((p) => p.body),
        );
      }
    } finally {
      await fresh.close();
    }
    const clients = Array.from({ length: 200 }, (_, i) => lists[i % lists.length]!);
    const walks = await Promise.all(clients.map((list) => walk(get, list)));
    walks.forEach((w, i) => expect(w.pages.map((p) => p.body)).toEqual(reference.get(clients[i]!)));
  });
});
