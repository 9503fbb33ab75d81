import type { AddressInfo } from 'node:net';
import type { CachedAnswers } from './answerHttp.js';
import { createHttpServer } from './createHttpServer.js';
import type { FaultConfig } from '../faults/faultConfig.js';

export interface Serving {
  /** `http://host:port`, ready for `fetch`. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** Stops accepting, lets requests in flight finish, closes idle connections. */
  close(): Promise<void>;
}

/** Listens on `host:port` (port 0 picks a free one) and resolves once it accepts connections. */
export function serve(answer: CachedAnswers, options: { port: number; host: string; faults?: FaultConfig; seed?: string }): Promise<Serving> {
  const server = createHttpServer(answer, { config: options.faults ?? {}, seed: options.seed ?? '1' });
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
            server.close((error) => (error ? fail(error) : done()));
            server.closeIdleConnections();
            // Connections kept alive past their last response would hold close() open.
            const timer = setInterval(() => server.closeIdleConnections(), 50);
            server.once('close', () => clearInterval(timer));
          })),
      });
    });
  });
}
