import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildChain, createChainBuilder } from '../../generators/buildChain.js';
import { createApi } from '../../src/app/createApi.js';
import { createHandler } from '../../src/handler/createHandler.js';
import type { Chain } from '../../src/chain/types.js';
import { type RunningServer, startServer } from '../../src/startServer.js';
import { chainViolations } from '../support/chainLaws.js';
import { type Fetch, fullWalk } from '../support/fullWalk.js';
import { walkPagesAsync } from '../../src/rest/walkPages.js';

/** Servers compared byte for byte name the same address in their NFT media URLs (each names its own by default). */
const PUBLIC_URL = 'http://127.0.0.1:4000';

/** The chain-wide lists beyond the twelve, walked to their ends, and their counters. */
async function chainWideWalk(fetch: Fetch): Promise<string> {
  let out = '';
  for (const first of [
    '/api/v2/transactions',
    '/api/v2/token-transfers',
    '/api/v2/internal-transactions',
    '/api/v2/withdrawals',
    '/api/v2/tokens',
    '/api/v2/smart-contracts',
  ]) {
    for (const { url, answer } of await walkPagesAsync(fetch, first))
      out += `${url}\n${answer.status}\n${answer.body}\n`;
  }
  for (const url of [
    '/api/v2/stats',
    '/api/v2/main-page/blocks',
    '/api/v2/main-page/transactions',
    '/api/v2/transactions/stats',
    '/api/v2/withdrawals/counters',
  ])
    out += (await fetch(url)).body;
  return out;
}

const servers: RunningServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

const overHttp =
  (server: RunningServer): Fetch =>
  async (url) => {
    const response = await fetch(`${server.url}${url}`);
    return { status: response.status, body: await response.text() };
  };

describe('a chain that grows stays deterministic', () => {
  it('tiny over HTTP: started at 48 and mined to 55 (POST /__mock/mine, then mine()) answers every URL like a server started at 55', async () => {
    const grown = await startServer({ scenario: 'tiny', seed: 1, cache: false, publicUrl: PUBLIC_URL });
    const direct = await startServer({ scenario: 'tiny', seed: 1, cache: false, head: 55, publicUrl: PUBLIC_URL });
    servers.push(grown, direct);
    const mined = await fetch(`${grown.url}/__mock/mine`, { method: 'POST', body: JSON.stringify({ blocks: 4 }) });
    expect(mined.status).toBe(200);
    expect(await mined.json()).toMatchObject({ head: 52 });
    expect(await grown.mine(3)).toBe(55);
    expect(((await (await fetch(`${grown.url}/__mock/scenario`)).json()) as { headHeight: number }).headHeight).toBe(
      55,
    );
    const [a, b] = [await fullWalk(overHttp(grown), grown.chain), await fullWalk(overHttp(direct), direct.chain)];
    expect(a.urls).toBeGreaterThan(1000);
    expect(a.digest).toBe(b.digest);
    expect(await chainWideWalk(overHttp(grown))).toBe(await chainWideWalk(overHttp(direct)));
    expect(chainViolations(grown.chain)).toEqual([]);
  });

  it('default in process: mined from 1000 to 1003 equals built with head 1003, and keeps every chain law', async () => {
    const builder = createChainBuilder({ scenario: 'default', seed: 1 });
    builder.mineTo(1000);
    builder.chain();
    builder.mineTo(1003);
    const grown: Chain = builder.chain();
    const direct = buildChain({ scenario: 'default', seed: 1, head: 1003 });
    const [x, y] = [createApi(grown), createApi(direct)];
    const get =
      (api: typeof x): Fetch =>
      (url) => {
        const u = new URL(`http://mock${url}`);
        return api(u.pathname, u.searchParams);
      };
    expect((await fullWalk(get(x), grown)).digest).toBe((await fullWalk(get(y), direct)).digest);
    expect(await chainWideWalk(get(x))).toBe(await chainWideWalk(get(y)));
    expect(chainViolations(grown)).toEqual([]);
  });

  it('createHandler mines too (POST /__mock/mine and mine()), answering like a handler started at the new head', async () => {
    const grown = createHandler({ scenario: 'tiny', seed: 4, cache: false });
    const direct = createHandler({ scenario: 'tiny', seed: 4, cache: false, head: 51 });
    expect((await grown(new Request('http://x/__mock/mine', { method: 'POST', body: '{"blocks": 2}' }))).status).toBe(
      200,
    );
    expect(grown.mine()).toBe(51);
    const text = async (h: typeof grown, url: string) => (await h(new Request(`http://x${url}`))).text();
    for (const url of [
      '/api/v2/blocks',
      '/api/v2/transactions',
      '/api/v2/main-page/blocks',
      '/api/v2/stats',
      `/api/v2/addresses/${direct.chain.handles.whale}`,
    ]) {
      expect(await text(grown, url), url).toBe(await text(direct, url));
    }
  });

  it('a chain read from handler.chain before two mines still answers as its own head, like a chain built there', async () => {
    const handler = createHandler({ scenario: 'tiny', seed: 6, cache: false });
    // The first mine replays the chain into a builder; the chain it makes and later ones share its lists.
    handler.mine();
    const kept = handler.chain;
    handler.mine();
    handler.mine(3);
    const urls = [
      '/api/v2/blocks',
      '/api/v2/transactions',
      '/api/v2/stats',
      '/api/v2/addresses',
      `/api/v2/addresses/${kept.handles.whale}`,
      `/api/v2/addresses/${kept.handles.busyAddress}/transactions`,
    ];
    const answer = (chain: Chain, url: string) => createApi(chain)(url, new URLSearchParams()).body;
    const built = buildChain({ scenario: 'tiny', seed: 6, head: 49 });
    for (const url of urls) expect(answer(kept, url), url).toBe(answer(built, url));
    expect(kept.headHeight).toBe(49);
    expect(handler.chain.headHeight).toBe(53);
  });

  it('refuses a bad mine request with a 400 and keeps serving the same chain', async () => {
    const server = await startServer({ scenario: 'tiny', seed: 2, cache: false });
    servers.push(server);
    for (const body of ['{"blocks": 0}', '{"blocks": 1.5}', '[1]', 'not json', `{"blocks": ${10 ** 6}}`]) {
      const response = await fetch(`${server.url}/__mock/mine`, { method: 'POST', body });
      expect(response.status, body).toBe(400);
      expect(((await response.json()) as { message: string }).message).toEqual(expect.any(String));
    }
    expect(server.chain.headHeight).toBe(48);
    await expect(server.mine(-1)).rejects.toThrow(/blocks must be an integer/);
    await expect(startServer({ scenario: 'tiny', head: 10 })).rejects.toThrow(/head must be/);
  });

  it('a clock-driven chain is anchored to the wall clock and mines on it; --genesis-time pins it', async () => {
    const before = Math.floor(Date.now() / 1000);
    const server = await startServer({ scenario: 'tiny', seed: 1, cache: false, blockTime: 1 });
    servers.push(server);
    const head = server.chain.blocks.at(server.chain.headHeight)!;
    expect(head.timestamp).toBeGreaterThanOrEqual(before - 1);
    expect(head.timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    const start = server.chain.headHeight;
    for (let i = 0; i < 100 && server.chain.headHeight === start; i++) await new Promise((r) => setTimeout(r, 50));
    expect(server.chain.headHeight).toBeGreaterThan(start);
    const pinned = await startServer({
      scenario: 'tiny',
      seed: 1,
      cache: false,
      blockTime: 5,
      genesisTime: 1_700_000_000,
    });
    const again = await startServer({
      scenario: 'tiny',
      seed: 1,
      cache: false,
      blockTime: 5,
      genesisTime: 1_700_000_000,
    });
    servers.push(pinned, again);
    const blocks = async (s: RunningServer) => (await fetch(`${s.url}/api/v2/blocks`)).text();
    expect(await blocks(pinned)).toBe(await blocks(again));
    expect(pinned.chain.blocks.at(0)!.timestamp).toBe(1_700_000_000);
    expect(pinned.chain.blocks.at(1)!.timestamp % 5).toBe(0);
  });
});

describe('a frozen chain anchored at its head (--head-time)', () => {
  it('is the same chain but for its times: hashes, values and order agree, every time moves by one offset', async () => {
    const plain = buildChain({ scenario: 'tiny', seed: 2 });
    const server = await startServer({ scenario: 'tiny', seed: 2, cache: false, headTime: 1_800_000_000 });
    servers.push(server);
    const anchored = server.chain;
    const head = anchored.blocks.at(anchored.headHeight)!;
    expect(head.timestamp).toBe(1_800_000_000);
    const offset = head.timestamp - plain.blocks.at(plain.headHeight)!.timestamp;
    for (let h = 0; h <= plain.headHeight; h++) {
      const [a, b] = [anchored.blocks.at(h)!, plain.blocks.at(h)!];
      expect([a.hash, a.parentHash, a.timestamp - offset]).toEqual([b.hash, b.parentHash, b.timestamp]);
    }
    expect([...anchored.transactions].map((t) => [t.hash, t.value, t.block])).toEqual(
      [...plain.transactions].map((t) => [t.hash, t.value, t.block]),
    );
    const block = (await (await fetch(`${server.url}/api/v2/blocks/${anchored.headHeight}`)).json()) as {
      timestamp: string;
      hash: string;
    };
    expect(block).toMatchObject({ timestamp: '2027-01-15T08:00:00.000000Z', hash: head.hash });
  });

  it("'now' puts the head at the start time, in createHandler too; a second start with the same pinned time gives the same bytes", async () => {
    const before = Math.floor(Date.now() / 1000);
    const cacheDir = mkdtempSync(join(tmpdir(), 'explorer-mock-now-'));
    const handler = createHandler({ scenario: 'tiny', seed: 1, cache: { dir: cacheDir }, headTime: 'now' });
    // Its times differ at each start, so no snapshot of it is written (it would only fill the cache).
    expect(readdirSync(cacheDir)).toEqual([]);
    rmSync(cacheDir, { recursive: true, force: true });
    const head = handler.chain.blocks.at(handler.chain.headHeight)!.timestamp;
    expect(head).toBeGreaterThanOrEqual(before);
    expect(head).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    const [a, b] = [1, 2].map(() => createHandler({ scenario: 'tiny', seed: 1, cache: false, headTime: head }));
    const [x, y] = await Promise.all(
      [a!, b!].map(async (h) => (await h(new Request('http://mock/api/v2/main-page/transactions'))).text()),
    );
    expect(x).toBe(y);
    expect(x).toContain(new Date(head * 1000).toISOString().slice(0, 16));
    expect(() => createHandler({ scenario: 'tiny', headTime: 'later' as never })).toThrow(
      /headTime must be unix seconds or 'now'/,
    );
    await expect(startServer({ scenario: 'tiny', headTime: 'now', genesisTime: 1 })).rejects.toThrow(/not both/);
  });
});
