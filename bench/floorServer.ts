/** The start-up floor: a bare Node `http` server that loads nothing, listening on an ephemeral port. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{}');
});
server.listen(0, '127.0.0.1', () =>
  process.stdout.write(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
