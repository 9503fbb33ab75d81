import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MAX_FILTER_WEIGHT } from '../../src/rpc/filterStore.js';
import { MAX_SERVER_SUBSCRIPTIONS, MAX_SUBSCRIPTIONS } from '../../src/rpc/subscriptions.js';
import { type RunningServer, startServer } from '../../src/startServer.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ scenario: 'tiny', seed: 1, cache: false });
});
afterAll(() => server.close());

type Answer = { id?: number; result?: any; error?: { code: number; message: string }; params?: any };

/** A client of the node's websocket: every frame it got, and a request (or batch) answered. */
async function connect() {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/rpc`);
  const frames: Answer[] = [];
  const waiting: ((frame: unknown) => void)[] = [];
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as Answer | Answer[];
    if (Array.isArray(frame) || frame.id !== undefined) waiting.shift()?.(frame);
    else frames.push(frame);
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const ask = <T = Answer>(body: unknown) =>
    new Promise<T>((resolve) => {
      waiting.push(resolve as (frame: unknown) => void);
      ws.send(JSON.stringify(body));
    });
  const subscribe = (id: number, ...params: unknown[]) => ask({ jsonrpc: '2.0', id, method: 'eth_subscribe', params });
  return { ws, frames, ask, subscribe };
}

const rpc = async (method: string, params: unknown[]) =>
  (
    (await (
      await fetch(`${server.url}/rpc`, {
        method: 'POST',
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
    ).json()) as Answer
  ).result;

describe('the node’s websocket on its first connection', () => {
  it('answers, in order, the frames a client sends the moment it opens (the socket’s code loads meanwhile)', async () => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/rpc`);
    const answers: Answer[] = [];
    const all = new Promise<void>((resolve) =>
      ws.on('message', (data) => answers.push(JSON.parse(String(data))) === 3 && resolve()),
    );
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    for (const id of [1, 2, 3]) ws.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'eth_chainId', params: [] }));
    await all;
    expect(answers.map((a) => [a.id, a.result])).toEqual([
      [1, '0x7a69'],
      [2, '0x7a69'],
      [3, '0x7a69'],
    ]);
    ws.close();
  });
});

describe('the node’s websocket subscriptions', () => {
  it('hear of each mined block what eth_getLogs and eth_getBlockByNumber say of it', async () => {
    const c = await connect();
    const token = server.chain.handles.erc20Token!;
    const transfer = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
    const filters = [{}, { address: token }, { topics: [transfer] }, { address: [token], topics: [null, null] }];
    const heads = (await c.subscribe(1, 'newHeads')).result as string;
    const ids = [];
    for (const [i, filter] of filters.entries()) ids.push((await c.subscribe(2 + i, 'logs', filter)).result as string);
    const from = server.chain.headHeight + 1;
    await server.mine(3);
    const range = { fromBlock: `0x${from.toString(16)}`, toBlock: `0x${(from + 2).toString(16)}` };
    const expected = await Promise.all(filters.map((filter) => rpc('eth_getLogs', [{ ...range, ...filter }])));
    expect(expected[0].length).toBeGreaterThan(expected[1].length);
    const total = 3 + expected.reduce((n, logs) => n + logs.length, 0);
    for (let i = 0; i < 200 && c.frames.length < total; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    const heard = (id: string) => c.frames.filter((f) => f.params.subscription === id).map((f) => f.params.result);
    expect(heard(heads).map((h) => h.hash)).toEqual(
      await Promise.all(
        [0, 1, 2].map(async (k) => (await rpc('eth_getBlockByNumber', [`0x${(from + k).toString(16)}`, false])).hash),
      ),
    );
    ids.forEach((id, i) => expect(heard(id)).toEqual(expected[i]));
    c.ws.close();
  });

  it(`refuses a subscription past ${MAX_SUBSCRIPTIONS} on a connection and ${MAX_SERVER_SUBSCRIPTIONS} on the server, saying which`, async () => {
    const subscriptions = (count: number) =>
      Array.from({ length: count }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_subscribe', params: ['newHeads'] }));
    const clients = [];
    const ids: string[][] = [];
    for (let i = 0; i < MAX_SERVER_SUBSCRIPTIONS / MAX_SUBSCRIPTIONS; i++) {
      const c = await connect();
      const answers = await c.ask<Answer[]>(subscriptions(MAX_SUBSCRIPTIONS));
      ids.push(answers.map((a) => a.result as string));
      expect(new Set(ids.at(-1)!.map((id) => typeof id))).toEqual(new Set(['string']));
      expect((await c.subscribe(1, 'newHeads')).error).toEqual({
        code: -32000,
        message: `too many subscriptions on this connection: at most ${MAX_SUBSCRIPTIONS}, with ${MAX_FILTER_WEIGHT} addresses and topics in all`,
      });
      clients.push(c);
    }
    const late = await connect();
    expect((await late.subscribe(1, 'newHeads')).error).toEqual({
      code: -32000,
      message: `too many subscriptions on this server: at most ${MAX_SERVER_SUBSCRIPTIONS}, with ${MAX_FILTER_WEIGHT} addresses and topics in all`,
    });
    // One unsubscribed: one more fits, and no more.
    const unsubscribe = { jsonrpc: '2.0', id: 1, method: 'eth_unsubscribe', params: [ids[0]![0]] };
    expect((await clients[0]!.ask(unsubscribe)).result).toBe(true);
    expect(typeof (await late.subscribe(2, 'newHeads')).result).toBe('string');
    expect((await late.subscribe(3, 'newHeads')).error?.code).toBe(-32000);
    // A connection closed: its thousand are gone.
    clients.pop()!.ws.close();
    let answer: Answer = {};
    for (let i = 0; i < 100 && !answer.result; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      answer = await late.subscribe(4, 'newHeads');
    }
    expect(typeof answer.result).toBe('string');
    for (const c of [...clients, late]) c.ws.close();
  });
});
