import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type SpawnedCli, spawnCli } from '../support/spawnCli.js';

/**
 * The latency a simple request keeps while another client's batch runs. A batch that held the
 * server would hold the first request sent after it for the batch's whole run (seconds); a batch
 * answered in turns lets it through within a turn. The bound is generous (a loaded machine
 * delays any answer by tens of milliseconds): a twentieth of the requests may pass it.
 */
const BOUND_MS = 250;
const PROBE_EVERY_MS = 20;

let cli: SpawnedCli;
beforeAll(async () => {
  // In a process of its own, as a server runs: a server held by a batch cannot fake its clients' clocks.
  cli = await spawnCli(['--scenario', 'default', '--seed', '1']);
});
afterAll(() => cli.stop());

/** One request on a connection of its own: its milliseconds and body. */
const send = (method: string, path: string, body?: string): Promise<{ ms: number; text: string }> =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      `${cli.url}${path}`,
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

/** What 95% of the requests waited at most. */
const p95 = (latencies: readonly number[]) =>
  [...latencies].sort((a, b) => a - b)[Math.floor(latencies.length * 0.95)]!;

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
      expect(p95(latencies), `${latencies.length} requests: ${latencies.map(Math.round).join(', ')}`).toBeLessThan(
        BOUND_MS,
      );
    },
    120_000,
  );

  it('a batch of 1,000 × eth_getLogs over the node’s websocket', async () => {
    const ws = new WebSocket(`${cli.url.replace('http', 'ws')}/rpc`);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const answered = new Promise<string>((resolve) => ws.once('message', (data) => resolve(String(data))));
    ws.send(Object.values(BATCHES)[0]!);
    const latencies = await probeWhile(answered);
    expect((JSON.parse(await answered) as unknown[]).length).toBe(1_000);
    expect(latencies.length).toBeGreaterThanOrEqual(5);
    expect(p95(latencies), `${latencies.length} requests: ${latencies.map(Math.round).join(', ')}`).toBeLessThan(
      BOUND_MS,
    );
    ws.close();
  }, 120_000);
});
