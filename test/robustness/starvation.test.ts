import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MULTICALL3_ADDRESS } from '../../generators/contracts/multicall3.js';
import { nestedAliasedAggregate3 } from '../support/aliasedMulticall.js';

/**
 * The latency a simple request keeps while another client's batch runs. A batch that held the
 * server would hold the first request sent after it for the batch's whole run (seconds), and no
 * other would be sent meanwhile; a batch answered in turns lets each through within a turn. The
 * bound is generous, and a tenth of the requests may pass it: on a loaded machine a garbage
 * collection or the scheduler delays some answers by hundreds of milliseconds.
 */
const BOUND_MS = 250;
const PROBE_EVERY_MS = 20;

/**
 * `startServer` on default in a process of its own, as a server runs: a server held by a batch
 * cannot hold its clients' clocks too. Without the CLI's warm-up, whose 128 MB of rendering (and
 * its garbage collections) would be measured along.
 */
const SERVER = `
  import { startServer } from ${JSON.stringify(new URL('../../dist/src/index.js', import.meta.url).href)};
  const server = await startServer({ scenario: 'default', seed: 1 });
  process.stdout.write(server.url + '\\n');
`;

let child: ChildProcess;
let url: string;
beforeAll(async () => {
  child = spawn(process.execPath, ['--input-type=module', '-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
});
afterAll(() => void child.kill());

/** One request on a connection of its own: its milliseconds and body. */
const send = (method: string, path: string, body?: string): Promise<{ ms: number; text: string }> =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      `${url}${path}`,
      { method, agent: false, headers: { 'content-type': 'application/json' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ ms: performance.now() - started, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });

/** `GET /api/v2/stats` every PROBE_EVERY_MS until `done` settles: each one's milliseconds. */
async function probeWhile(done: Promise<unknown>): Promise<number[]> {
  let over = false;
  void done.finally(() => (over = true));
  const latencies: number[] = [];
  while (!over) {
    const { ms } = await send('GET', '/api/v2/stats');
    latencies.push(ms);
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
  }
  return latencies;
}

/** What 90% of the requests waited at most. */
const p90 = (latencies: readonly number[]) => [...latencies].sort((a, b) => a - b)[Math.floor(latencies.length * 0.9)]!;

const HEAD = 1_000;
const batchOf = (request: (i: number) => { method: string; params: unknown[] }) =>
  JSON.stringify(Array.from({ length: 1_000 }, (_, id) => ({ jsonrpc: '2.0', id, ...request(id) })));

/** The batches: each 100 KB or less, each seconds of work held in one request before. */
const BATCHES = {
  'eth_getLogs {fromBlock: 0x0, toBlock: latest}': batchOf(() => ({
    method: 'eth_getLogs',
    params: [{ fromBlock: '0x0', toBlock: 'latest' }],
  })),
  'eth_feeHistory(1024, latest, [25, 50, 75])': batchOf(() => ({
    method: 'eth_feeHistory',
    params: ['0x400', 'latest', [25, 50, 75]],
  })),
  'eth_getBlockByNumber(n, true) of 1,000 blocks': batchOf((i) => ({
    method: 'eth_getBlockByNumber',
    params: [`0x${(HEAD - i).toString(16)}`, true],
  })),
};

describe(`a simple request is answered within ${BOUND_MS} ms while another client's batch runs`, () => {
  it.each(Object.entries(BATCHES))(
    'a batch of 1,000 × %s over HTTP',
    async (_name, batch) => {
      // The batch's first request alone first: a cold chain's first read is not what is measured.
      const first = (JSON.parse(batch) as unknown[])[0];
      await send('POST', '/rpc', JSON.stringify(first));
      await send('GET', '/api/v2/stats');
      const answering = send('POST', '/rpc', batch);
      const latencies = await probeWhile(answering);
      const answers = JSON.parse((await answering).text) as { id: number }[];
      expect(answers.map((a) => a.id)).toEqual(Array.from({ length: 1_000 }, (_, i) => i));
      expect(latencies.length).toBeGreaterThanOrEqual(5);
      expect(p90(latencies), `${latencies.length} requests: ${latencies.map(Math.round).join(', ')}`).toBeLessThan(
        BOUND_MS,
      );
    },
    120_000,
  );

  it('one eth_call of Multicall3 asking 168,420 calls (out of gas after 10,000)', async () => {
    const { handles } = JSON.parse((await send('GET', '/__mock/scenario')).text) as {
      handles: { name: string; value: string }[];
    };
    const token = handles.find((h) => h.name === 'erc20Token')!.value;
    // balanceOf(0x0) at the bottom.
    const leaf = { target: token, callData: '0x70a08231'.padEnd(74, '0') };
    const data = nestedAliasedAggregate3(MULTICALL3_ADDRESS, 4, 20, leaf);
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_call',
      params: [{ to: MULTICALL3_ADDRESS, data }],
    });
    const answering = send('POST', '/rpc', body);
    const latencies = await probeWhile(answering);
    expect(JSON.parse((await answering).text).error).toEqual({ code: -32000, message: 'out of gas' });
    expect(latencies.length).toBeGreaterThanOrEqual(5);
    expect(p90(latencies), `${latencies.length} requests: ${latencies.map(Math.round).join(', ')}`).toBeLessThan(
      BOUND_MS,
    );
  }, 120_000);

  it('blocks mined with 10,000 subscriptions on 10 sockets that hear nothing, or only heads', async () => {
    // The builder replays the chain on the first mine: not what is measured.
    await send('POST', '/__mock/mine', '{}');
    const sockets = [];
    for (let s = 0; s < 10; s++) {
      const ws = new WebSocket(`${url.replace('http', 'ws')}/rpc`);
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      const subscribed = new Promise<{ result?: string }[]>((resolve) =>
        ws.once('message', (data) => resolve(JSON.parse(String(data)))),
      );
      ws.send(
        JSON.stringify(
          Array.from({ length: 1_000 }, (_, i) => ({
            jsonrpc: '2.0',
            id: i,
            method: 'eth_subscribe',
            // Logs of an address that emits none; a tenth of them heads.
            params:
              i % 10 === 0
                ? ['newHeads']
                : ['logs', { address: `0x${(s * 1_000 + i + 1).toString(16).padStart(40, '0')}` }],
          })),
        ),
      );
      expect((await subscribed).every((a) => typeof a.result === 'string')).toBe(true);
      sockets.push(ws);
    }
    // 20 blocks, one every 100 ms or so, as a clock-driven chain mines.
    const mines: number[] = [];
    const mining = (async () => {
      for (let block = 0; block < 20; block++) {
        mines.push((await send('POST', '/__mock/mine', '{}')).ms);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const latencies = await probeWhile(mining);
    await mining;
    expect(latencies.length).toBeGreaterThanOrEqual(5);
    expect(p90(latencies), `${latencies.length} requests: ${latencies.map(Math.round).join(', ')}`).toBeLessThan(
      BOUND_MS,
    );
    expect(p90(mines), `mines: ${mines.map(Math.round).join(', ')}`).toBeLessThan(1_000);
    for (const ws of sockets) ws.close();
  }, 120_000);

  it('a batch of 1,000 × eth_getLogs over the node’s websocket', async () => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/rpc`);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const answered = new Promise<string>((resolve) => ws.once('message', (data) => resolve(String(data))));
    ws.send(Object.values(BATCHES)[0]!);
    const latencies = await probeWhile(answered);
    expect((JSON.parse(await answered) as unknown[]).length).toBe(1_000);
    expect(latencies.length).toBeGreaterThanOrEqual(5);
    expect(p90(latencies), `${latencies.length} requests: ${latencies.map(Math.round).join(', ')}`).toBeLessThan(
      BOUND_MS,
    );
    ws.close();
  }, 120_000);
});
