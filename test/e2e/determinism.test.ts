import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/startServer.js';
import { overHttp } from '../support/overHttp.js';
import { walk } from '../support/walk.js';

/** Servers compared byte for byte name the same address in their NFT media URLs (each names its own by default). */
const PUBLIC_URL = 'http://127.0.0.1:4000';

let a: RunningServer;
let b: RunningServer;
let other: RunningServer;

beforeAll(async () => {
  [a, b, other] = await Promise.all([
    startServer({ scenario: 'tiny', seed: 42, port: 0, publicUrl: PUBLIC_URL }),
    startServer({ scenario: 'tiny', seed: 42, port: 0, publicUrl: PUBLIC_URL }),
    startServer({ scenario: 'tiny', seed: 43, port: 0, publicUrl: PUBLIC_URL }),
  ]);
});
afterAll(() => Promise.all([a.close(), b.close(), other.close()]));

/** 200 URLs: every endpoint on every notable entity, then pages of the longest lists. */
async function sampleUrls(server: RunningServer): Promise<string[]> {
  const h = server.chain.handles;
  const urls = ['/addresses', '/blocks', '/blocks?type=uncle', '/blocks?type=reorg'];
  for (const value of Object.values(h)) {
    if (server.chain.accountByHash.has(value.toLowerCase())) {
      urls.push(`/addresses/${value}`, `/smart-contracts/${value}`);
      for (const list of [
        'tokens',
        'token-transfers',
        'transactions',
        'internal-transactions',
        'nft/collections',
        'withdrawals',
      ])
        urls.push(`/addresses/${value}/${list}`);
    } else if (server.chain.transactionByHash.get(value) !== undefined)
      urls.push(`/transactions/${value}/token-transfers`);
    else urls.push(`/blocks/${value}/transactions`);
  }
  for (const path of [
    `/addresses/${h.busyAddress}/transactions`,
    '/blocks',
    `/addresses/${h.busyAddress}/token-transfers`,
  ]) {
    urls.push(...(await walk(overHttp(server.url), path)).pages.map((p) => p.url));
  }
  return urls.slice(0, 200);
}

describe('two servers with the same seed', () => {
  it('answer a sample of 200 URLs byte-identically, in any order and concurrently', async () => {
    const urls = await sampleUrls(a);
    expect(urls).toHaveLength(200);
    const fromA = await Promise.all(urls.map((u) => fetch(`${a.url}/api/v2${u}`).then((r) => r.text())));
    const reversed = [...urls].reverse();
    const fromB = (
      await Promise.all(reversed.map((u) => fetch(`${b.url}/api/v2${u}`).then((r) => r.text())))
    ).reverse();
    urls.forEach((u, i) => expect(fromB[i], u).toBe(fromA[i]));
  });

  it('a different seed differs', async () => {
    const paths = ['/blocks', '/addresses'];
    for (const p of paths) {
      const [x, y] = await Promise.all([
        fetch(`${a.url}/api/v2${p}`).then((r) => r.text()),
        fetch(`${other.url}/api/v2${p}`).then((r) => r.text()),
      ]);
      expect(x).not.toBe(y);
    }
  });
});
