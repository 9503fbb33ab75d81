import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { CachedAnswers } from '../http/cachedAnswers.js';
import { type ServerFaults, serverFaults } from '../faults/serverFaults.js';
import { createHttpServer } from './createHttpServer.js';
import type { FaultConfig } from '../faults/faultConfig.js';
import type { AccessPolicy } from '../http/accessPolicy.js';

export interface Serving {
  /** `http://host:port`, ready for `fetch`. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** Stops accepting, lets requests in flight finish, closes idle connections. */
  close(): Promise<void>;
}

/** How long close() lets a connection that has not sent a whole request finish sending it. */
export const CLOSE_GRACE_MS = 500;

/** Listens on `host:port` (port 0 picks a free one) and resolves once it accepts connections. */
export function serve(
  answer: CachedAnswers,
  options: {
    port: number;
    host: string;
    faults?: FaultConfig;
    seed?: string;
    /** Which hosts it answers to and which pages may change state (default: any). */
    access?: AccessPolicy;
    attach?: (server: Server, faults: ServerFaults) => () => void;
  },
): Promise<Serving> {
  const faults = serverFaults(options.faults ?? {}, options.seed ?? '1');
  const server = createHttpServer(answer, faults, options.access);
  const detach = options.attach?.(server, faults);
  // Every open connection, so close() can drop those with no answer in progress: Node's
  // closeIdleConnections() leaves a socket that sent nothing or half a request, and once the
  // server is closed it no longer enforces headersTimeout/requestTimeout on them.
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const dropIdle = () => {
    // `_httpMessage` is the response a socket is writing (also read in createHttpServer's clientError).
    for (const socket of sockets) if (!(socket as { _httpMessage?: unknown })._httpMessage) socket.destroy();
  };
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      const host = options.host.includes(':') ? `[${options.host}]` : options.host;
      let closing: Promise<void> | undefined;
      resolve({
        url: `http://${host}:${port}`,
        host: options.host,
        port,
        close: () =>
          (closing ??= new Promise<void>((done, fail) => {
            detach?.();
            server.close((error) => (error ? fail(error) : done()));
            server.closeIdleConnections();
            // Connections kept alive past their last response would hold close() open; so would one
            // that sent nothing or half a request, but that one gets a moment to finish sending first.
            const since = performance.now();
            const timer = setInterval(
              () => (performance.now() - since < CLOSE_GRACE_MS ? server.closeIdleConnections() : dropIdle()),
              50,
            );
            server.once('close', () => clearInterval(timer));
          })),
      });
    });
  });
}
