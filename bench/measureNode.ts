import { request } from 'node:http';
import type { Chain } from '../src/chain/types.js';
import { rpcBatches, rpcLoads } from './rpcLoads.js';
import { wrkPost } from './wrk.js';

/** Hot ratios to the ceiling the node must reach (the issue's targets). */
const TARGETS: Record<string, number> = { eth_blockNumber: 0.8, eth_getBlockByNumber: 0.8, 'eth_call balanceOf': 0.5 };

const fixed = (n: number, digits = 1) => n.toFixed(digits);

/** One POST on a connection of its own (no keep-alive socket a server may have closed meanwhile). */
const post = (url: string, body: string): Promise<{ ms: number; text: string }> =>
  new Promise((resolve, reject) => {
    const start = performance.now();
    const req = request(
      url,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ ms: performance.now() - start, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });

/**
 * The node's benchmark: JSON-RPC bodies POSTed to `/rpc`, hot and walking, on the mock and on the
 * ceiling answering the same bodies with the same bytes; then 200 batches of 100 different reads,
 * one client, one at a time. Returns the table rows, the batch line and the targets missed.
 */
export async function measureNode(
  mockUrl: string,
  ceilingUrl: string,
  chain: Chain,
  seconds: number,
  connections: number,
  log: (line: string) => void,
) {
  const rows: string[] = [];
  const misses: string[] = [];
  let errors = 0;
  for (const load of rpcLoads(chain)) {
    for (const mode of load.walk.length ? (['hot', 'walk'] as const) : (['hot'] as const)) {
      const bodies = mode === 'hot' ? [load.hot] : load.walk;
      const [mine, ceiling] = await Promise.all([
        post(`${mockUrl}/rpc`, bodies[0]!),
        post(`${ceilingUrl}/rpc`, bodies[0]!),
      ]);
      if (mine.text !== ceiling.text) misses.push(`${load.name}: the mock and the ceiling answer different bytes`);
      const m = wrkPost(mockUrl, '/rpc', bodies, seconds, connections);
      const c = wrkPost(ceilingUrl, '/rpc', bodies, seconds, connections);
      errors += m.errors;
      const ratio = m.rps / c.rps;
      const target = TARGETS[load.name]!;
      if (mode === 'hot' && ratio < target) misses.push(`${load.name} hot: ${fixed(ratio, 2)} < ${target}`);
      const line = `| ${load.name} | ${mode} | ${bodies.length} | ${fixed(m.rps, 0)} | ${fixed(m.p50Ms, 2)} | ${fixed(m.p99Ms, 2)} | ${fixed(c.rps, 0)} | **${fixed(ratio, 2)}** | ${mode === 'hot' ? `≥ ${target}` : '—'} |`;
      rows.push(line);
      log(line);
    }
  }
  const batchMs: number[] = [];
  for (const batch of rpcBatches(chain, 200)) {
    const { ms, text } = await post(`${mockUrl}/rpc`, batch);
    batchMs.push(ms);
    if ((JSON.parse(text) as unknown[]).length !== 100) misses.push('a batch of 100 got another count of answers');
  }
  batchMs.sort((a, b) => a - b);
  const median = batchMs[Math.floor(batchMs.length / 2)]!;
  const batchLine = `A batch of 100 different reads (balances at blocks, receipts, blocks, balanceOf calls), 200 batches one after another, each new to the server, each on a new connection: ${fixed(median, 2)} ms median, ${fixed(batchMs[Math.floor(batchMs.length * 0.99)]!, 2)} ms p99; target < 5 ms ${median < 5 ? 'met' : 'missed'}.`;
  if (median >= 5) misses.push(`batch of 100: ${fixed(median, 2)} ms median`);
  log(batchLine);
  return { rows, batchLine, misses, errors };
}
