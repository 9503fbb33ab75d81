/**
 * The ceiling: a bare Node `http` server answering the benchmark's URLs with the same bytes the
 * mock sends, pre-rendered into a map before it listens. Child process; argv: scenario, seed.
 * Prints `listening on <url>` when ready.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildChain } from '../generators/buildChain.js';
import { createApi } from '../src/app/createApi.js';
import { endpointLoads } from './urls.js';

const [scenario = 'default', seed = '1'] = process.argv.slice(2);
const chain = buildChain({ scenario, seed });
const api = createApi(chain);
const bodies = new Map<string, Buffer>();
for (const load of endpointLoads(chain, api)) {
  for (const url of [load.hot, ...load.walk]) {
    const [path, query = ''] = url.split('?') as [string, string?];
    bodies.set(url, Buffer.from(api(path, new URLSearchParams(query)).body));
  }
}
const notFound = Buffer.from('{"message":"Not found"}');

const server = createServer((req, res) => {
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
