import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JsonRpcProvider, parseEther, Wallet } from 'ethers';
import WebSocket from 'ws';
import { buildChain } from '../../generators/buildChain.js';
import { loadScenario } from '../../scenarios/loadScenario.js';
import type { Scenario } from '../../scenarios/types.js';
import { type RunningServer, startServer } from '../../src/startServer.js';
import { chainViolations } from '../support/chainLaws.js';
import { type Fetch, fullWalk } from '../support/fullWalk.js';
import { KEY0 } from '../wallet/support.js';

/** Servers compared byte for byte name the same address in their NFT media URLs (each names its own by default). */
const PUBLIC_URL = 'http://127.0.0.1:4000';

const dir = mkdtempSync(join(tmpdir(), 'explorer-mock-future-'));
const servers: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

/** tiny (48 blocks) with a payment scripted for block 52, past the start. */
async function futureScenario(): Promise<Scenario> {
  const file = join(dir, 'future.json');
  writeFileSync(
    file,
    JSON.stringify({
      extends: 'tiny',
      entities: { accounts: [{ name: 'alice', balance: '5 ETH' }, { name: 'bob' }] },
      activity: [
        { from: 'alice', to: 'bob', value: '0.25 ETH', at: 20 },
        { from: 'alice', to: 'bob', value: '1 ETH', at: 52 },
      ],
    }),
  );
  return loadScenario(file);
}

const overHttp =
  (server: RunningServer): Fetch =>
  async (url) => {
    const response = await fetch(`${server.url}${url}`);
    return { status: response.status, body: await response.text() };
  };

const bobsValues = (chain: ReturnType<typeof buildChain>) => {
  const bob = chain.accountByHash.get(chain.handles.bob!.toLowerCase())!;
  return [...chain.indexes.at(bob)!.transactions].map((t) => [
    chain.transactions.at(t)!.block,
    chain.transactions.at(t)!.value,
  ]);
};

describe('scripted activity past the start', () => {
  it('leaves out a step that can no longer run when the chain gets there (its sender spent what it needed through the node)', async () => {
    const file = join(dir, 'spent.json');
    writeFileSync(
      file,
      JSON.stringify({
        extends: 'tiny',
        entities: { accounts: [{ name: 'alice', mnemonicIndex: 0, balance: '1 ETH' }, { name: 'bob' }] },
        activity: [{ from: 'alice', to: 'bob', value: '0.9 ETH', at: 52 }],
      }),
    );
    const server = await startServer({ scenario: await loadScenario(file), seed: 1, cache: false });
    servers.push(server);
    const { node } = (await (await fetch(`${server.url}/__mock/scenario`)).json()) as { node: { chainId: number } };
    const provider = new JsonRpcProvider(`${server.url}/rpc`, node.chainId, { staticNetwork: true, cacheTimeout: -1 });
    try {
      // Alice sends 0.5 ETH with her key before block 52: 0.9 ETH no longer fits.
      const sent = await new Wallet(KEY0, provider).sendTransaction({
        to: server.chain.handles.bob!,
        value: parseEther('0.5'),
      });
      await sent.wait();
      expect(await server.mine(5)).toBe(54);
      const bob = server.chain.accountByHash.get(server.chain.handles.bob!.toLowerCase())!;
      const received = [...server.chain.indexes.at(bob)!.transactions].map((t) => server.chain.transactions.at(t)!);
      expect(received.map((t) => [t.hash, t.value])).toEqual([[sent.hash, parseEther('0.5')]]);
      expect(chainViolations(server.chain)).toEqual([]);
      expect((await fetch(`${server.url}/api/v2/blocks/52`)).status).toBe(200);
    } finally {
      provider.destroy();
    }
  });

  it('is mined when the chain reaches its block: the chain built to each head has it from block 52 on', async () => {
    const scenario = await futureScenario();
    expect(bobsValues(buildChain({ scenario, seed: 1 }))).toEqual([[20, 250_000_000_000_000_000n]]);
    expect(bobsValues(buildChain({ scenario, seed: 1, head: 51 }))).toEqual([[20, 250_000_000_000_000_000n]]);
    const at52 = buildChain({ scenario, seed: 1, head: 52 });
    expect(bobsValues(at52)).toEqual([
      [20, 250_000_000_000_000_000n],
      [52, 1_000_000_000_000_000_000n],
    ]);
    expect(chainViolations(at52)).toEqual([]);
  });

  it('runs while served: mining to it pushes the payment to a listening address, and the server answers like one started there', async () => {
    const scenario = await futureScenario();
    const live = await startServer({ scenario, seed: 1, cache: false, publicUrl: PUBLIC_URL });
    const direct = await startServer({ scenario, seed: 1, cache: false, head: 53, publicUrl: PUBLIC_URL });
    servers.push(live, direct);
    const bob = live.chain.handles.bob!;
    const ws = new WebSocket(`${live.url.replace('http', 'ws')}/socket/v2/websocket?vsn=2.0.0`);
    const frames: [string | null, string | null, string, string, any][] = [];
    ws.on('message', (data) => frames.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    ws.send(JSON.stringify(['1', '1', `addresses:${bob.toLowerCase()}`, 'phx_join', {}]));
    for (let i = 0; i < 200 && !frames.length; i++) await new Promise((r) => setTimeout(r, 10));

    expect(await live.mine(5)).toBe(53);
    const paid = () =>
      frames.find((f) => f[3] === 'transaction' && f[4].transactions.some((t: any) => t.block_number === 52));
    for (let i = 0; i < 200 && !paid(); i++) await new Promise((r) => setTimeout(r, 10));
    ws.close();
    expect(paid()![4].transactions.map((t: any) => [t.from.hash, t.to.hash, t.value])).toEqual([
      [live.chain.handles.alice, bob, '1000000000000000000'],
    ]);
    const [a, b] = [await fullWalk(overHttp(live), live.chain), await fullWalk(overHttp(direct), direct.chain)];
    expect(a.urls).toBeGreaterThan(1000);
    expect(a.digest).toBe(b.digest);
  });
});
