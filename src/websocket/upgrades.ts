import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import { errorMessageOf } from '../faults/faultConfig.js';
import { asksForFault } from '../faults/planFaults.js';
import type { ServerFaults } from '../faults/serverFaults.js';
import { lazyModule } from '../lazy/lazyModule.js';
import type { AccessPolicy } from '../http/accessPolicy.js';

/** `ws` (about 45 ms and 14 MB to import): loaded on the first upgrade, so a server nobody opens a socket to never pays for it. */
const wsModule = lazyModule('ws', () => import('ws'));

/** Most bytes a client may leave unread before it is dropped (a client that stops reading must not grow the server's memory). */
export const MAX_UNREAD_BYTES = 4 * 1024 * 1024;

/** A connection accepted on a path. */
export interface Connection {
  readonly socket: WebSocket;
  /** The upgraded connection under it, for pushes framed once for all clients and its unread bytes. */
  readonly raw: Duplex;
  readonly url: URL;
  /** How late its pushes go out (the latency fault of its upgrade request). */
  readonly pushDelayMs: number;
  /** Why it may not change state (its upgrade came from a page of another site), when it may not. */
  readonly writeRefusal?: string | undefined;
}

/** A websocket endpoint: its largest frame, and what it does with each connection. */
export interface SocketRoute {
  /** Largest frame a client may send; a bigger one closes its socket (1009, "message too big"). */
  readonly maxFrameBytes: number;
  accept(connection: Connection): void;
}

/**
 * Serves websocket upgrades on a Node HTTP server, each path by its route; any other path is
 * answered 404. The upgrade is a request like any other: the access policy's host check (403)
 * and its faults (the n-th request's, headers winning) apply before the route sees it, and the
 * connection carries why it may not change state when its page may not (browsers send `Origin`
 * with every upgrade; a route that only reads ignores it).
 */
export function attachUpgrades(
  server: Server,
  routes: ReadonlyMap<string, SocketRoute>,
  faults?: ServerFaults,
  access?: AccessPolicy,
): () => void {
  const servers = new Map<SocketRoute, WebSocketServer>();
  const accept = (req: IncomingMessage, socket: Duplex, head: Buffer, route: SocketRoute, url: URL, delay: number) =>
    // An upgraded socket buffers what arrives until ws reads it, so the import may be awaited.
    wsModule.load().then(
      ({ WebSocketServer: WsServer }) => {
        if (socket.destroyed) return;
        let wss = servers.get(route);
        if (!wss) servers.set(route, (wss = new WsServer({ noServer: true, maxPayload: route.maxFrameBytes })));
        wss.handleUpgrade(req, socket, head, (ws) => {
          ws.on('error', () => ws.terminate());
          const writeRefusal = access?.writeRefusal(headerOf(req.headers.origin));
          route.accept({ socket: ws, raw: socket, url, pushDelayMs: delay, ...(writeRefusal ? { writeRefusal } : {}) });
        });
      },
      () => socket.destroy(),
    );
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refused = access?.hostRefusal(req.headers.host);
    if (refused) return void socket.end(httpError(403, refused, {}));
    const url = new URL(req.url ?? '/', 'http://mock');
    const route = routes.get(url.pathname);
    if (!route) return void socket.end(httpError(404, 'Not found', {}));
    if (!faults || (!faults.configured && !asksForFault(req.rawHeaders)))
      return void accept(req, socket, head, route, url, 0);
    const plan = faults.plan({ header: (name) => headerOf(req.headers[name]), client: req.socket.remoteAddress ?? '' });
    if (plan.invalid) return void socket.end(httpError(400, plan.invalid, plan.headers));
    if (plan.connection === 'slow-body')
      return void socket.end(
        httpError(
          400,
          'x-mock-fault slow-body has no meaning for a websocket upgrade: use reset or empty',
          plan.headers,
        ),
      );
    setTimeout(() => {
      if (plan.connection === 'reset') socket.destroy();
      else if (plan.connection === 'empty') socket.end();
      else if (plan.status !== undefined) socket.end(httpError(plan.status, errorMessageOf(plan.status), plan.headers));
      else void accept(req, socket, head, route, url, plan.latencyMs);
    }, plan.latencyMs);
  };
  server.on('upgrade', onUpgrade);
  return () => {
    server.off('upgrade', onUpgrade);
    for (const wss of servers.values()) {
      for (const client of wss.clients) client.terminate();
      wss.close();
    }
  };
}

/**
 * Writes a frame to a connection, unless it has left more than `MAX_UNREAD_BYTES` unread: then it
 * is dropped (terminated) and false returned. A frame from `textFrame` is written as it is.
 */
export function push(connection: Connection, frame: Buffer): boolean {
  if (connection.raw.writableLength > MAX_UNREAD_BYTES) {
    connection.socket.terminate();
    return false;
  }
  // ws writes each of its own frames whole and at once, so these never land inside one.
  const write = () => connection.socket.readyState === 1 && connection.raw.write(frame);
  // One delay per client keeps its pushes in order (timers of equal delay fire as set).
  if (connection.pushDelayMs) setTimeout(write, connection.pushDelayMs);
  else write();
  return true;
}

/**
 * A whole server-to-client text frame (RFC 6455 §5.2: FIN, opcode 1, no mask, 7-, 16- or 64-bit
 * length): a broadcast frames each message once and writes the same bytes to every client, instead
 * of ws framing (and allocating) it again per client.
 */
export function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const n = payload.length;
  const head = Buffer.allocUnsafe(n < 126 ? 2 : n < 65_536 ? 4 : 10);
  head[0] = 0x81;
  if (n < 126) head[1] = n;
  else if (n < 65_536) {
    head[1] = 126;
    head.writeUInt16BE(n, 2);
  } else {
    head[1] = 127;
    head.writeBigUInt64BE(BigInt(n), 2);
  }
  return Buffer.concat([head, payload]);
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** A whole HTTP error answer with a JSON body, for an upgrade that is not accepted. */
function httpError(status: number, message: string, headers: Readonly<Record<string, string>>): string {
  const body = JSON.stringify({ message });
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\ncontent-type: application/json; charset=utf-8\r\naccess-control-allow-origin: *\r\n${extra}connection: close\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

const headerOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);
