import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import polka, { type Middleware } from 'polka';
import type { CachedAnswers } from '../http/cachedAnswers.js';
import { type HttpAnswer, jsonMessage, MAX_POST_BYTES } from '../http/answerHttp.js';
import type { AccessPolicy } from '../http/accessPolicy.js';
import { answerWithFaults, SLOW_BODY } from '../faults/answerWithFaults.js';
import { asksForFault } from '../faults/planFaults.js';
import { type ServerFaults, serverFaults } from '../faults/serverFaults.js';
import { atOnceOrLater } from '../lazy/lazyModule.js';

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

/** Writes a body in `SLOW_BODY.chunks` pieces, `SLOW_BODY.intervalMs` apart. */
function writeSlowly(res: ServerResponse, body: Uint8Array): void {
  const size = Math.ceil(body.length / SLOW_BODY.chunks) || 1;
  let offset = 0;
  const next = () => {
    if (res.destroyed) return;
    const chunk = body.subarray(offset, (offset += size));
    if (offset >= body.length) res.end(chunk);
    else {
      res.write(chunk);
      setTimeout(next, SLOW_BODY.intervalMs);
    }
  };
  next();
}

const send = (res: ServerResponse, answer: HttpAnswer) => {
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body ?? undefined);
};

/** Reads a request body up to `limit` bytes, then calls `done` with it; null when it is longer (the rest is drained, not kept). */
function readBody(
  req: IncomingMessage,
  limit: number,
  done: (body: string | null) => void,
  fail: (error: unknown) => void,
): void {
  let first: Buffer | undefined;
  let chunks: Buffer[] | undefined;
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) return;
    // Most bodies arrive in one chunk: no array, no concatenation.
    if (!first) first = chunk;
    else (chunks ??= [first]).push(chunk);
  });
  req.on('end', () => {
    if (size > limit) return done(null);
    done(chunks ? Buffer.concat(chunks).toString('utf8') : (first?.toString('utf8') ?? ''));
  });
  req.on('error', fail);
}

/**
 * A Node HTTP server giving `answer`'s answers through polka, with faults when configured or
 * asked for by a request's headers. Polka's own fallbacks answer in plain text, so both are
 * replaced by the JSON ones. With an access policy, a request to a host the server does not answer
 * to gets 403 before anything else, and one from a page that may not change state carries why.
 */
export function createHttpServer(
  answer: CachedAnswers,
  faults: ServerFaults = serverFaults({}, '1'),
  access?: AccessPolicy,
): Server {
  const { configured, plan: planner } = faults;
  const server = createServer({
    maxHeaderSize: SERVER_LIMITS.maxHeaderSize,
    requestTimeout: SERVER_LIMITS.requestTimeout,
    connectionsCheckingInterval: SERVER_LIMITS.connectionsCheckingInterval,
  });
  server.headersTimeout = SERVER_LIMITS.headersTimeout;
  server.keepAliveTimeout = SERVER_LIMITS.keepAliveTimeout;
  const serveRequest = (req: IncomingMessage, res: ServerResponse, body?: string | null) => {
    const request = {
      method: req.method ?? 'GET',
      url: originForm((req as { originalUrl?: string }).originalUrl ?? req.url ?? '/'),
      header: (name: string) => headerOf(req.headers[name]),
      client: req.socket.remoteAddress ?? '',
      ...(body === undefined ? {} : { body }),
      // Only a POST can change state (and a preflight asks for one); a GET never does.
      ...(access && req.method !== 'GET' && req.method !== 'HEAD'
        ? { writeRefusal: access.writeRefusal(headerOf(req.headers.origin)) }
        : {}),
    };
    if (!configured && !asksForFault(req.rawHeaders)) {
      // At once, or (a long batch in turns, a module still loading, an EVM run) once it can be given.
      const answered = atOnceOrLater(() => answer(request));
      return answered instanceof Promise ? answered.then((a) => send(res, a)) : send(res, answered);
    }
    return answerWithFaults(answer, planner, request).then((faulted) => {
      if (faulted.kind === 'reset') req.socket.destroy();
      else if (faulted.kind === 'empty') req.socket.end();
      else if (faulted.slow && faulted.answer.body) {
        res.writeHead(faulted.answer.status, faulted.answer.headers);
        const { body } = faulted.answer;
        writeSlowly(res, typeof body === 'string' ? Buffer.from(body) : body);
      } else send(res, faulted.answer);
    });
  };
  const servePost = (req: IncomingMessage, res: ServerResponse) =>
    readBody(
      req,
      MAX_POST_BYTES,
      (body) => {
        try {
          serveRequest(req, res, body)?.catch((error: unknown) => postFailed(req, res, error));
        } catch (error) {
          postFailed(req, res, error);
        }
      },
      (error) => postFailed(req, res, error),
    );
  const respond: Middleware = (req, res) => (req.method === 'POST' ? servePost(req, res) : serveRequest(req, res));
  // One middleware answers everything. It is also the no-match handler: polka calls that for
  // targets that are not paths (`OPTIONS *`, `GET http://host/...`), and its default ends in onError.
  const handler = polka({
    server,
    onError: (error, req, res) => {
      console.error(`explorer-mock: 500 on ${req.url}:`, error);
      if (!res.headersSent)
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' });
      res.end('{"message":"Internal server error"}');
    },
    onNoMatch: respond,
  }).use(respond);
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
    const refused = access?.hostRefusal(req.headers.host);
    if (refused) return void send(res, jsonMessage(403, refused));
    // Fast path: a GET answered before goes out without routing (unless faults are in play).
    const hit =
      req.method === 'GET' && !configured && !asksForFault(req.rawHeaders) ? answer.peek(req.url!) : undefined;
    if (hit) send(res, hit);
    // A POST (the node's JSON-RPC, above all) needs no routing but its body.
    else if (req.method === 'POST' && req.url?.charCodeAt(0) === 47) servePost(req, res);
    else route(req, res);
  });
  return server;
}

function postFailed(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  console.error(`explorer-mock: 500 on POST ${req.url}:`, error);
  if (!res.headersSent)
    res.writeHead(500, { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' });
  res.end('{"message":"Internal server error"}');
}

/** A request target as a path: an absolute-form target (`http://host/path?q`, RFC 9112 §3.2.2) loses its scheme and host; `*` stays and matches no route. */
const originForm = (target: string) =>
  target.charCodeAt(0) === 47 ? target : target.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, '').replace(/^(?=\?|$)/, '/');

const headerOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);
