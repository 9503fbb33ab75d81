import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import polka from 'polka';
import { cachedAnswers, type HttpApp } from './answerHttp.js';

/** Timeouts that keep an idle or slow client from holding a connection. */
export const SERVER_LIMITS = {
  /** Time to receive a request's headers. */
  headersTimeout: 5_000,
  /** Time to receive a whole request. */
  requestTimeout: 10_000,
  /** How often Node checks the two timeouts above (its default, 30 s, would let a slow client linger). */
  connectionsCheckingInterval: 1_000,
  /** Idle time before a kept-alive connection is closed. */
  keepAliveTimeout: 5_000,
  /** Largest request head; Node answers 431 above it. */
  maxHeaderSize: 16 * 1024,
} as const;

/**
 * A Node HTTP server answering with `answerHttp` through polka. Polka's own fallbacks answer in
 * plain text, so both are replaced by the JSON ones.
 */
export function createHttpServer(app: HttpApp): Server {
  const server = createServer({
    maxHeaderSize: SERVER_LIMITS.maxHeaderSize,
    requestTimeout: SERVER_LIMITS.requestTimeout,
    connectionsCheckingInterval: SERVER_LIMITS.connectionsCheckingInterval,
  });
  server.headersTimeout = SERVER_LIMITS.headersTimeout;
  server.keepAliveTimeout = SERVER_LIMITS.keepAliveTimeout;
  const answer = cachedAnswers(app);
  const handler = polka({
    server,
    onError: (error, _req, res) => {
      app.onError?.(error, _req.url);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' });
      res.end('{"message":"Internal server error"}');
    },
  }).use((req, res) => {
    const answered = answer({ method: req.method, url: req.originalUrl ?? req.url, header: (name) => headerOf(req.headers[name]) });
    res.writeHead(answered.status, answered.headers);
    res.end(answered.body ?? undefined);
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    // Node's own answers to unparseable requests carry no body: answer in JSON like everything else.
    if (!socket.writable || (socket as { _httpMessage?: unknown })._httpMessage) return void socket.destroy();
    const [status, reason, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'Request header fields too large']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', 'Request timeout']
          : [400, 'Bad Request', 'Bad request'];
    const body = JSON.stringify({ message });
    const head = (error as { rawPacket?: Buffer }).rawPacket?.toString('latin1', 0, 5) === 'HEAD ';
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nconnection: close\r\ncontent-type: application/json; charset=utf-8\r\naccess-control-allow-origin: *\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${head ? '' : body}`,
    );
  });
  // Polka's handler is bound to its app; its third argument (next) is internal.
  const route = handler.handler as unknown as (req: IncomingMessage, res: ServerResponse) => void;
  server.on('request', (req, res) => {
    // Fast path: a GET answered before goes out without routing.
    const hit = req.method === 'GET' ? answer.peek(req.url!) : undefined;
    if (hit) {
      res.writeHead(hit.status, hit.headers);
      res.end(hit.body);
    } else route(req, res);
  });
  return server;
}

const headerOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);
