import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import { lazyModule } from '../lazy/lazyModule.js';
import type { Broadcast } from './blockEvents.js';
import { joinAnswer } from './phoenixTopics.js';

/** `ws` (about 45 ms and 14 MB to import): loaded on the first upgrade, so a server nobody opens a socket to never pays for it. */
const wsModule = lazyModule('ws', () => import('ws'));

/** The path the explorer's frontends open: `socket("/socket/v2", …)` plus Phoenix's transport. */
export const SOCKET_PATH = '/socket/v2/websocket';

/** A Phoenix message, whichever serializer carried it. */
interface Message {
  readonly joinRef: string | null;
  readonly ref: string | null;
  readonly topic: string;
  readonly event: string;
  readonly payload: unknown;
}

/** One client: its serializer (vsn 2.0.0 arrays or 1.0.0 objects) and the topics it joined, with their join refs. */
interface Client {
  readonly socket: WebSocket;
  readonly arrays: boolean;
  readonly joined: Map<string, string | null>;
}

function parse(text: string): Message | null {
  try {
    const value = JSON.parse(text) as unknown;
    if (Array.isArray(value) && value.length === 5 && typeof value[2] === 'string' && typeof value[3] === 'string') {
      const [joinRef, ref, topic, event, payload] = value as [unknown, unknown, string, string, unknown];
      return { joinRef: joinRef == null ? null : String(joinRef), ref: ref == null ? null : String(ref), topic, event, payload };
    }
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const m = value as Record<string, unknown>;
      if (typeof m.topic !== 'string' || typeof m.event !== 'string') return null;
      return { joinRef: m.join_ref == null ? null : String(m.join_ref), ref: m.ref == null ? null : String(m.ref), topic: m.topic, event: m.event, payload: m.payload };
    }
  } catch {
    // not JSON: dropped, as Phoenix drops a frame it cannot decode
  }
  return null;
}

const encode = (client: Client, m: Message) =>
  client.arrays ? JSON.stringify([m.joinRef, m.ref, m.topic, m.event, m.payload]) : JSON.stringify({ join_ref: m.joinRef, ref: m.ref, topic: m.topic, event: m.event, payload: m.payload });

/** The explorer's Phoenix socket: joins, leaves, heartbeats, and the broadcasts handed to `broadcast`. */
export interface PhoenixSocket {
  /** Whether any client listens to `topic` (so events nobody hears are never computed). */
  listening(topic: string): boolean;
  /** Every topic some client listens to, in the order first joined. */
  topics(): readonly string[];
  /** Sends each broadcast to the clients that joined its topic, in order. */
  broadcast(messages: readonly Broadcast[]): void;
  close(): void;
}

/**
 * Serves Phoenix channels (protocol vsn 2.0.0, and 1.0.0 object frames) on `SOCKET_PATH` of a Node
 * HTTP server. Topics join as the explorer's channels allow (`joinAnswer`); a refusal is a
 * `phx_reply` with `status: "error"` and the explorer's reason. Clients only listen: pushes on a
 * joined topic get an empty ok reply, as the explorer's channels define no `handle_in`.
 */
export function attachPhoenixSocket(server: Server): PhoenixSocket {
  let wss: WebSocketServer | undefined;
  const clients = new Set<Client>();
  const topics = new Map<string, Set<Client>>();
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://mock');
    if (url.pathname !== SOCKET_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\ncontent-type: application/json; charset=utf-8\r\nconnection: close\r\ncontent-length: 23\r\n\r\n{"message":"Not found"}');
      return;
    }
    // An upgraded socket buffers what arrives until ws reads it, so the import may be awaited.
    wsModule.load().then(
      ({ WebSocketServer: WsServer }) => {
        wss ??= new WsServer({ noServer: true, maxPayload: 64 * 1024 });
        wss.handleUpgrade(req, socket, head, (ws) => {
          const client: Client = { socket: ws, arrays: url.searchParams.get('vsn') !== '1.0.0', joined: new Map() };
          clients.add(client);
          ws.on('message', (data) => {
            const message = parse(String(data));
            if (message) receive(client, message);
          });
          ws.on('close', () => {
            clients.delete(client);
            for (const topic of client.joined.keys()) topics.get(topic)?.delete(client);
          });
          ws.on('error', () => ws.terminate());
        });
      },
      () => socket.destroy(),
    );
  };
  const reply = (client: Client, m: Message, status: 'ok' | 'error', response: object) =>
    client.socket.send(encode(client, { joinRef: m.joinRef, ref: m.ref, topic: m.topic, event: 'phx_reply', payload: { status, response } }));
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
      return client.socket.send(encode(client, { joinRef: m.joinRef, ref: m.ref, topic: m.topic, event: 'phx_close', payload: {} }));
    }
    if (client.joined.has(m.topic)) return reply(client, m, 'ok', {});
    // A push on a topic the client has not joined: Phoenix answers it with phx_error.
    client.socket.send(encode(client, { joinRef: m.joinRef, ref: m.ref, topic: m.topic, event: 'phx_error', payload: {} }));
  };
  server.on('upgrade', onUpgrade);
  return {
    listening: (topic) => (topics.get(topic)?.size ?? 0) > 0,
    topics: () => [...topics].filter(([, set]) => set.size > 0).map(([topic]) => topic),
    broadcast(messages) {
      for (const b of messages) {
        for (const client of topics.get(b.topic) ?? []) {
          client.socket.send(encode(client, { joinRef: client.joined.get(b.topic) ?? null, ref: null, topic: b.topic, event: b.event, payload: b.payload }));
        }
      }
    },
    close() {
      server.off('upgrade', onUpgrade);
      for (const client of clients) client.socket.terminate();
      wss?.close();
    },
  };
}
