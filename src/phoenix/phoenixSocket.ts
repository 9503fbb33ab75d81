import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import { errorMessageOf } from '../faults/faultConfig.js';
import { asksForFault } from '../faults/planFaults.js';
import { lazyModule } from '../lazy/lazyModule.js';
import type { ServerFaults } from '../faults/serverFaults.js';
import type { Broadcast } from './blockEvents.js';
import { joinAnswer } from './phoenixTopics.js';

/** `ws` (about 45 ms and 14 MB to import): loaded on the first upgrade, so a server nobody opens a socket to never pays for it. */
const wsModule = lazyModule('ws', () => import('ws'));

/** The path the explorer's frontends open: `socket("/socket/v2", …)` plus Phoenix's transport. */
export const SOCKET_PATH = '/socket/v2/websocket';

/** Most bytes a client may leave unread before it is dropped (a client that stops reading must not grow the server's memory). */
export const MAX_UNREAD_BYTES = 4 * 1024 * 1024;

/** Largest frame a client may send; a bigger one closes its socket (1009, "message too big"). */
export const MAX_FRAME_BYTES = 64 * 1024;

/** A Phoenix message, whichever serializer carried it. */
interface Message {
  readonly joinRef: string | null;
  readonly ref: string | null;
  readonly topic: string;
  readonly event: string;
  readonly payload: unknown;
}

/** One client: its serializer (vsn 2.0.0 arrays or 1.0.0 objects), the topics it joined with their join refs, and how late its pushes go out. */
interface Client {
  readonly socket: WebSocket;
  /** The upgraded connection under it, for pushes framed once for all clients. */
  readonly raw: Duplex;
  readonly arrays: boolean;
  readonly joined: Map<string, string | null>;
  readonly pushDelayMs: number;
}

function parse(text: string): Message | null {
  try {
    const value = JSON.parse(text) as unknown;
    if (Array.isArray(value) && value.length === 5 && typeof value[2] === 'string' && typeof value[3] === 'string') {
      const [joinRef, ref, topic, event, payload] = value as [unknown, unknown, string, string, unknown];
      return {
        joinRef: joinRef == null ? null : String(joinRef),
        ref: ref == null ? null : String(ref),
        topic,
        event,
        payload,
      };
    }
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const m = value as Record<string, unknown>;
      if (typeof m.topic !== 'string' || typeof m.event !== 'string') return null;
      return {
        joinRef: m.join_ref == null ? null : String(m.join_ref),
        ref: m.ref == null ? null : String(m.ref),
        topic: m.topic,
        event: m.event,
        payload: m.payload,
      };
    }
  } catch {
    // not JSON: dropped, as Phoenix drops a frame it cannot decode
  }
  return null;
}

/** A frame in the client's serializer; `payloadJson` is the payload already as JSON (a broadcast encodes it once for all its clients). */
const encodeWith = (client: Client, m: Omit<Message, 'payload'>, payloadJson: string) =>
  client.arrays
    ? `[${JSON.stringify(m.joinRef)},${JSON.stringify(m.ref)},${JSON.stringify(m.topic)},${JSON.stringify(m.event)},${payloadJson}]`
    : `{"join_ref":${JSON.stringify(m.joinRef)},"ref":${JSON.stringify(m.ref)},"topic":${JSON.stringify(m.topic)},"event":${JSON.stringify(m.event)},"payload":${payloadJson}}`;

const encode = (client: Client, m: Message) => encodeWith(client, m, JSON.stringify(m.payload));

/** The explorer's Phoenix socket: joins, leaves, heartbeats, and the broadcasts handed to `broadcast`. */
export interface PhoenixSocket {
  /** Whether any client listens to `topic` (so events nobody hears are never computed). */
  listening(topic: string): boolean;
  /** Every topic some client listens to, in the order first joined. */
  topics(): readonly string[];
  /** Sends each broadcast to the clients that joined its topic, in order. */
  broadcast(messages: readonly Broadcast[]): void;
  /** Clients connected now. */
  clients(): number;
  close(): void;
}

/**
 * Serves Phoenix channels (protocol vsn 2.0.0, and 1.0.0 object frames) on `SOCKET_PATH` of a Node
 * HTTP server. Topics join as the explorer's channels allow (`joinAnswer`); a refusal is a
 * `phx_reply` with `status: "error"` and the explorer's reason. Clients only listen: pushes on a
 * joined topic get an empty ok reply, as the explorer's channels define no `handle_in`.
 */
export function attachPhoenixSocket(server: Server, faults?: ServerFaults): PhoenixSocket {
  let wss: WebSocketServer | undefined;
  const clients = new Set<Client>();
  const topics = new Map<string, Set<Client>>();
  const drop = (client: Client) => {
    clients.delete(client);
    for (const topic of client.joined.keys()) topics.get(topic)?.delete(client);
  };
  const accept = (req: IncomingMessage, socket: Duplex, head: Buffer, arrays: boolean, pushDelayMs: number) =>
    // An upgraded socket buffers what arrives until ws reads it, so the import may be awaited.
    wsModule.load().then(
      ({ WebSocketServer: WsServer }) => {
        if (socket.destroyed) return;
        wss ??= new WsServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
        wss.handleUpgrade(req, socket, head, (ws) => {
          const client: Client = { socket: ws, raw: socket, arrays, joined: new Map(), pushDelayMs };
          clients.add(client);
          ws.on('message', (data, binary) => {
            const message = binary ? null : parse(String(data));
            // Phoenix's serializer cannot decode it and the socket process exits: the connection closes.
            if (!message) return ws.close(1003, 'Phoenix frames are JSON text');
            receive(client, message);
          });
          ws.on('close', () => drop(client));
          ws.on('error', () => ws.terminate());
        });
      },
      () => socket.destroy(),
    );
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://mock');
    if (url.pathname !== SOCKET_PATH) return void socket.end(httpError(404, 'Not found', {}));
    const arrays = url.searchParams.get('vsn') !== '1.0.0';
    if (!faults || (!faults.configured && !asksForFault(req.rawHeaders)))
      return void accept(req, socket, head, arrays, 0);
    // The upgrade is a request like any other: its faults (the n-th request's, headers winning) apply.
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
      else void accept(req, socket, head, arrays, plan.latencyMs);
    }, plan.latencyMs);
  };
  const reply = (client: Client, m: Message, status: 'ok' | 'error', response: object) =>
    client.socket.send(
      encode(client, {
        joinRef: m.joinRef,
        ref: m.ref,
        topic: m.topic,
        event: 'phx_reply',
        payload: { status, response },
      }),
    );
  const receive = (client: Client, m: Message) => {
    if (m.topic === 'phoenix' && m.event === 'heartbeat') return reply(client, m, 'ok', {});
    if (m.event === 'phx_join') {
      const answer = joinAnswer(m.topic);
      if (!answer.ok) return reply(client, m, 'error', { reason: answer.reason });
      // Broadcasts use lower-case hashes; a topic joined with a checksummed hash would hear nothing.
      client.joined.set(m.topic, m.joinRef);
      let set = topics.get(m.topic);
      if (!set) topics.set(m.topic, (set = new Set()));
      set.add(client);
      return reply(client, m, 'ok', {});
    }
    if (m.event === 'phx_leave') {
      client.joined.delete(m.topic);
      topics.get(m.topic)?.delete(client);
      reply(client, m, 'ok', {});
      return client.socket.send(
        encode(client, { joinRef: m.joinRef, ref: m.ref, topic: m.topic, event: 'phx_close', payload: {} }),
      );
    }
    if (client.joined.has(m.topic)) return reply(client, m, 'ok', {});
    // A push on a topic the client has not joined: Phoenix answers it with phx_error.
    client.socket.send(
      encode(client, { joinRef: m.joinRef, ref: m.ref, topic: m.topic, event: 'phx_error', payload: {} }),
    );
  };
  server.on('upgrade', onUpgrade);
  return {
    listening: (topic) => (topics.get(topic)?.size ?? 0) > 0,
    topics: () => [...topics].filter(([, set]) => set.size > 0).map(([topic]) => topic),
    broadcast(messages) {
      for (const b of messages) {
        const listeners = topics.get(b.topic);
        if (!listeners?.size) continue;
        const { payloadJson } = b;
        // Clients share frames: one buffer per serializer and join ref, not one string per client.
        const frames = new Map<string, Buffer>();
        for (const client of listeners) {
          if (client.raw.writableLength > MAX_UNREAD_BYTES) {
            drop(client);
            client.socket.terminate();
            continue;
          }
          const joinRef = client.joined.get(b.topic) ?? null;
          const key = `${client.arrays ? 'a' : 'o'}${joinRef}`;
          let frame = frames.get(key);
          if (!frame)
            frames.set(
              key,
              (frame = textFrame(
                encodeWith(client, { joinRef, ref: null, topic: b.topic, event: b.event }, payloadJson),
              )),
            );
          const bytes = frame;
          // ws writes each of its own frames whole and at once, so these never land inside one.
          const push = () => client.socket.readyState === 1 && client.raw.write(bytes);
          // One delay per client keeps its pushes in order (timers of equal delay fire as set).
          if (client.pushDelayMs) setTimeout(push, client.pushDelayMs);
          else push();
        }
      }
    },
    clients: () => clients.size,
    close() {
      server.off('upgrade', onUpgrade);
      for (const client of clients) client.socket.terminate();
      wss?.close();
    },
  };
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
