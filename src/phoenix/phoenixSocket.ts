import { type Connection, push, type SocketRoute, textFrame } from '../websocket/upgrades.js';
import type { Broadcast } from './broadcast.js';
import { joinAnswer } from './phoenixTopics.js';

/** The path the explorer's frontends open: `socket("/socket/v2", …)` plus Phoenix's transport. */
export const SOCKET_PATH = '/socket/v2/websocket';

/** Largest frame a client may send; a bigger one closes its socket (1009, "message too big"). */
export const MAX_FRAME_BYTES = 64 * 1024;

/**
 * Most topics one socket may have joined at once: Phoenix's `max_channels_per_transport` default
 * (1.8, which refuses a join past it with `too many channels joined`; the explorer's Phoenix 1.6
 * has no limit, so a client joining without leaving grew the server's memory for ever).
 */
export const MAX_CHANNELS = 100;

/** A Phoenix message, whichever serializer carried it. */
interface Message {
  readonly joinRef: string | null;
  readonly ref: string | null;
  readonly topic: string;
  readonly event: string;
  readonly payload: unknown;
}

/** One client: its connection, its serializer (vsn 2.0.0 arrays or 1.0.0 objects), the topics it joined with their join refs. */
interface Client {
  readonly connection: Connection;
  readonly socket: Connection['socket'];
  readonly arrays: boolean;
  readonly joined: Map<string, string | null>;
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
  /** Its websocket endpoint, served on `SOCKET_PATH`. */
  readonly route: SocketRoute;
  /** Whether any client listens to `topic` (so events nobody hears are never computed). */
  listening(topic: string): boolean;
  /** Whether any client listens to a topic under `prefix` (`addresses`, `tokens`…), without walking the topics. */
  listeningUnder(prefix: string): boolean;
  /** Every topic some client listens to, in the order first joined (a topic nobody listens to any more is gone). */
  topics(): readonly string[];
  /** Sends each broadcast to the clients that joined its topic, in order. */
  broadcast(messages: readonly Broadcast[]): void;
  /** Clients connected now. */
  clients(): number;
  close(): void;
}

/**
 * Phoenix channels (protocol vsn 2.0.0, and 1.0.0 object frames), served on `SOCKET_PATH`. Topics
 * join as the explorer's channels allow (`joinAnswer`); a refusal is a `phx_reply` with
 * `status: "error"` and the explorer's reason. Clients only listen: pushes on a joined topic get an
 * empty ok reply, as the explorer's channels define no `handle_in`.
 */
export function createPhoenixSocket(): PhoenixSocket {
  const clients = new Set<Client>();
  // Each topic some client listens to, with its listeners; and how many such topics each prefix has.
  const topics = new Map<string, Set<Client>>();
  const prefixes = new Map<string, number>();
  const prefixOf = (topic: string) => topic.slice(0, Math.max(0, topic.indexOf(':')));
  const join = (client: Client, topic: string, joinRef: string | null) => {
    client.joined.set(topic, joinRef);
    let set = topics.get(topic);
    if (!set) {
      topics.set(topic, (set = new Set()));
      prefixes.set(prefixOf(topic), (prefixes.get(prefixOf(topic)) ?? 0) + 1);
    }
    set.add(client);
  };
  /** The client stops listening to `topic`; a topic nobody listens to any more is forgotten. */
  const leave = (client: Client, topic: string) => {
    client.joined.delete(topic);
    const set = topics.get(topic);
    if (!set?.delete(client) || set.size) return;
    topics.delete(topic);
    const prefix = prefixOf(topic);
    const left = prefixes.get(prefix)! - 1;
    if (left) prefixes.set(prefix, left);
    else prefixes.delete(prefix);
  };
  const drop = (client: Client) => {
    clients.delete(client);
    for (const topic of [...client.joined.keys()]) leave(client, topic);
  };
  const route: SocketRoute = {
    maxFrameBytes: MAX_FRAME_BYTES,
    accept(connection) {
      const ws = connection.socket;
      const arrays = connection.url.searchParams.get('vsn') !== '1.0.0';
      const client: Client = { connection, socket: ws, arrays, joined: new Map() };
      clients.add(client);
      ws.on('message', (data, binary) => {
        const message = binary ? null : parse(String(data));
        // Phoenix's serializer cannot decode it and the socket process exits: the connection closes.
        if (!message) return ws.close(1003, 'Phoenix frames are JSON text');
        receive(client, message);
      });
      ws.on('close', () => drop(client));
    },
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
      // A topic joined again replaces its channel; a new one past the limit is refused, as Phoenix does.
      if (!client.joined.has(m.topic) && client.joined.size >= MAX_CHANNELS)
        return reply(client, m, 'error', { reason: 'too many channels joined' });
      // Broadcasts use lower-case hashes; a topic joined with a checksummed hash would hear nothing.
      join(client, m.topic, m.joinRef);
      return reply(client, m, 'ok', {});
    }
    if (m.event === 'phx_leave') {
      leave(client, m.topic);
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
  return {
    route,
    listening: (topic) => topics.has(topic),
    listeningUnder: (prefix) => prefixes.has(prefix),
    topics: () => [...topics.keys()],
    broadcast(messages) {
      for (const b of messages) {
        const listeners = topics.get(b.topic);
        if (!listeners?.size) continue;
        const { payloadJson } = b;
        // Clients share frames: one buffer per serializer and join ref, not one string per client.
        const frames = new Map<string, Buffer>();
        for (const client of listeners) {
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
          if (!push(client.connection, frame)) drop(client);
        }
      }
    },
    clients: () => clients.size,
    close() {
      for (const client of clients) client.socket.terminate();
    },
  };
}
