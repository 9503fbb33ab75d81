/**
 * The ceiling: a bare Node `http` server answering the benchmark's URLs with the same bytes the
 * mock sends, pre-rendered into a map before it listens. Child process; argv: scenario, seed.
 * Prints `listening on <url>` when ready.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildChain } from '../generators/buildChain.js';
import { createApi } from '../src/app/createApi.js';
import { loadLazyModules } from '../src/domain/lazyModules.js';
import { factsOf } from '../src/domain/facts.js';
import { etherscanAnswer } from '../src/etherscan/etherscanApi.js';
import { createRpcContext } from '../src/rpc/context.js';
import { createRpcNode } from '../src/rpc/node.js';
import { rpcLoads } from './rpcLoads.js';
import { endpointLoads } from './urls.js';

const [scenario = 'default', seed = '1'] = process.argv.slice(2);
const chain = buildChain({ scenario, seed });
const api = createApi(chain);
const bodies = new Map<string, Buffer>();
await loadLazyModules();
const etherscan = { chain, facts: factsOf(chain), mempool: () => undefined };
for (const load of endpointLoads(chain, api)) {
  for (const url of [load.hot, ...load.walk]) {
    const [path, query = ''] = url.split('?') as [string, string?];
    const params = new URLSearchParams(query);
    bodies.set(
      url,
      Buffer.from(path === '/api' ? etherscanAnswer(etherscan, path, new Map(params)).body : api(path, params).body),
    );
  }
}
// The node's answers to the benchmark's JSON-RPC bodies, POSTed to /rpc.
const context = createRpcContext(chain, chain.chainId);
const node = createRpcNode({ context: () => context, seed: chain.seed });
const rpcBodies = new Map<string, Buffer>();
for (const load of rpcLoads(chain))
  for (const body of [load.hot, ...load.walk]) rpcBodies.set(body, Buffer.from(node.answer(body) ?? ''));
const notFound = Buffer.from('{"message":"Not found"}');

const server = createServer((req, res) => {
  if (req.method === 'POST') {
    // Read the body as any JSON server must, then answer from the map.
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = rpcBodies.get(Buffer.concat(chunks).toString()) ?? notFound;
      res.writeHead(200, {
        'access-control-allow-origin': '*',
        'content-type': 'application/json',
        'content-length': String(body.length),
      });
      res.end(body);
    });
    return;
  }
  const body = bodies.get(req.url!);
  res.writeHead(body ? 200 : 404, {
    'access-control-allow-origin': '*',
    'content-type': 'application/json; charset=utf-8',
    'content-length': String((body ?? notFound).length),
  });
  res.end(body ?? notFound);
});
server.keepAliveTimeout = 5_000;
server.listen(0, '127.0.0.1', () =>
  process.stdout.write(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
