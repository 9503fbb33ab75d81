import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { attachUpgrades } from '../websocket/upgrades.js';
import { createPhoenixSocket, MAX_CHANNELS, type PhoenixSocket, SOCKET_PATH } from './phoenixSocket.js';

let server: Server;
let phoenix: PhoenixSocket;
let url: string;
beforeAll(async () => {
  server = createServer();
  phoenix = createPhoenixSocket();
  attachUpgrades(server, new Map([[SOCKET_PATH, phoenix.route]]));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}${SOCKET_PATH}?vsn=2.0.0`;
});
afterAll(() => {
  phoenix.close();
  server.close();
});

/** A client: sends a frame, and waits for the reply to each ref. */
async function client() {
  const ws = new WebSocket(url);
  const replies = new Map<string, (payload: { status: string; response: unknown }) => void>();
  ws.on('message', (data) => {
    const [, ref, , event, payload] = JSON.parse(String(data)) as [string, string, string, string, never];
    if (event === 'phx_reply') replies.get(ref)?.(payload);
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let ref = 0;
  const send = (topic: string, event: string) => {
    const r = String(++ref);
    const reply = new Promise<{ status: string; response: unknown }>((resolve) => replies.set(r, resolve));
    ws.send(JSON.stringify([r, r, topic, event, {}]));
    return reply;
  };
  return { ws, send };
}

const address = (i: number) => `addresses:0x${i.toString(16).padStart(40, '0')}`;

describe('topics', () => {
  it('are forgotten once nobody listens: after leaves, and after a close', async () => {
    const a = await client();
    const b = await client();
    for (let round = 0; round < 4; round++) {
      const topics = Array.from({ length: MAX_CHANNELS }, (_, i) => address(round * MAX_CHANNELS + i));
      await Promise.all(topics.map((t) => a.send(t, 'phx_join')));
      await b.send(topics[0]!, 'phx_join');
      expect(phoenix.topics()).toHaveLength(MAX_CHANNELS);
      expect(phoenix.listeningUnder('addresses')).toBe(true);
      await Promise.all(topics.map((t) => a.send(t, 'phx_leave')));
      // b still listens to the first.
      expect(phoenix.topics()).toEqual([topics[0]]);
      await b.send(topics[0]!, 'phx_leave');
      expect(phoenix.topics()).toEqual([]);
      expect(phoenix.listeningUnder('addresses')).toBe(false);
    }
    // Joined, then the socket closes without leaving.
    await Promise.all(Array.from({ length: 50 }, (_, i) => a.send(address(i), 'phx_join')));
    expect(phoenix.topics()).toHaveLength(50);
    a.ws.close();
    for (let i = 0; i < 100 && phoenix.topics().length; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(phoenix.topics()).toEqual([]);
    b.ws.close();
  });

  it(`refuses a join past ${MAX_CHANNELS} channels on one socket, as Phoenix does; joining one again is no new channel`, async () => {
    const c = await client();
    for (let i = 0; i < MAX_CHANNELS; i++) expect((await c.send(address(i), 'phx_join')).status).toBe('ok');
    expect(await c.send(address(MAX_CHANNELS), 'phx_join')).toEqual({
      status: 'error',
      response: { reason: 'too many channels joined' },
    });
    expect((await c.send(address(0), 'phx_join')).status).toBe('ok');
    await c.send(address(0), 'phx_leave');
    expect((await c.send(address(MAX_CHANNELS), 'phx_join')).status).toBe('ok');
    c.ws.close();
  });
});
