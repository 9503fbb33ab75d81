import type { AddressInfo } from 'node:net';
import type { HttpApp } from './answerHttp.js';
import { createHttpServer } from './createHttpServer.js';

export interface Serving {
  /** `http://host:port`, ready for `fetch`. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** Stops accepting, lets requests in flight finish, closes idle connections. */
  close(): Promise<void>;
}

/** Listens on `host:port` (port 0 picks a free one) and resolves once it accepts connections. */
export function serve(app: HttpApp, options: { port: number; host: string }): Promise<Serving> {
  const server = createHttpServer(app);
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
