import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildChain } from '../../generators/buildChain.js';
import { replacementAt } from '../../src/live/replaced.js';
import { type RunningServer, startServer } from '../../src/startServer.js';
import { launchChromium } from '../support/chromium.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ scenario: 'tiny', seed: 1, cache: false });
});
afterAll(() => server.close());

/** A Phoenix client over `ws`: sends frames, collects every frame received. */
async function connect(vsn = '2.0.0') {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/socket/v2/websocket?vsn=${vsn}`);
  const received: unknown[] = [];
  ws.on('message', (data) => received.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let ref = 0;
  const send = (topic: string, event: string, payload: unknown = {}) => {
    const r = String(++ref);
    ws.send(JSON.stringify(vsn === '2.0.0' ? [r, r, topic, event, payload] : { topic, event, payload, ref: r, join_ref: r }));
    return r;
  };
  const until = async (test: (frames: unknown[]) => boolean) => {
    for (let i = 0; i < 200 && !test(received); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(test(received)).toBe(true);
  };
  return { ws, received, send, until };
}

type Frame = [string | null, string | null, string, string, any];

describe('the Phoenix socket at /socket/v2/websocket', () => {
  it('answers heartbeats, joins and refusals as the explorer does (vsn 2.0.0 arrays)', async () => {
    const c = await connect();
    const beat = c.send('phoenix', 'heartbeat');
    const joined = c.send('blocks:new_block', 'phx_join');
    const badHash = c.send('addresses:0xnothex', 'phx_join');
    const unknown = c.send('nowhere:at-all', 'phx_join');
    await c.until((f) => f.length >= 4);
    const reply = (ref: string) => (c.received as Frame[]).find((f) => f[1] === ref)!;
    expect(reply(beat)).toEqual([beat, beat, 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
    expect(reply(joined)[4]).toEqual({ status: 'ok', response: {} });
    expect(reply(badHash)[4]).toEqual({ status: 'error', response: { reason: 'Invalid address hash' } });
    expect(reply(unknown)[4]).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
    c.ws.close();
  });

  it('pushes each mined block, its transaction count and an address’s activity, in block order', async () => {
    const c = await connect();
    const chain = server.chain;
    c.send('blocks:new_block', 'phx_join');
    c.send('transactions:new_transaction', 'phx_join');
    await c.until((f) => f.length >= 2);
    const before = server.chain.headHeight;
    await server.mine(2);
    await c.until((f) => (f as Frame[]).filter((x) => x[3] === 'new_block').length === 2);
    const blocks = (c.received as Frame[]).filter((f) => f[3] === 'new_block');
    expect(blocks.map((f) => f[4].block.height)).toEqual([before + 1, before + 2]);
    expect(blocks[1]![4].block.hash).toBe(server.chain.blocks.at(before + 2)!.hash);
    expect(Number(blocks[0]![4].average_block_time)).toBeGreaterThan(0);
    const counts = (c.received as Frame[]).filter((f) => f[3] === 'transaction' && f[2] === 'transactions:new_transaction');
    expect(counts.map((f) => f[4].transaction)).toEqual([before + 1, before + 2].map((h) => server.chain.blocks.at(h)!.transactionCount));
    // An address active in the next block (known ahead: block k is the same at any head) hears its transactions.
    const later = server.chain.headHeight + 1;
    const future = buildChain({ scenario: 'tiny', seed: 1, head: later });
    const first = future.transactions.at(future.blocks.at(later)!.transactionStart)!;
    expect(first.block).toBe(later);
    const sender = future.accounts[first.fromId]!.lower;
    const sent = [...future.transactions].filter((t) => t.block === later && future.accounts[t.fromId]!.lower === sender).map((t) => t.hash);
    const d = await connect();
    d.send(`addresses:${sender}`, 'phx_join');
    await d.until((f) => f.length >= 1);
    await server.mine(1);
    expect(chain).not.toBe(server.chain);
    const ofLater = (x: Frame) => x[2] === `addresses:${sender}` && x[3] === 'transaction' && x[4].transactions[0].block_number === later;
    await d.until((f) => (f as Frame[]).some(ofLater));
    const pushed = (d.received as Frame[]).find(ofLater)![4].transactions as { hash: string }[];
    expect(pushed.map((t) => t.hash)).toEqual(expect.arrayContaining(sent));
    d.ws.close();
    c.ws.close();
  });

  it('announces the mempool in front of each new head: its size, and each listening address’s pending transactions', async () => {
    const c = await connect();
    c.send('transactions:new_pending_transaction', 'phx_join');
    const head = server.chain.headHeight + 1;
    const ahead = buildChain({ scenario: 'tiny', seed: 1, head: head + 1 });
    const waiting = ahead.blocks.at(head + 1)!;
    const sender = ahead.accounts[ahead.transactions.at(waiting.transactionStart)!.fromId]!.lower;
    c.send(`addresses:${sender}`, 'phx_join');
    await c.until((f) => f.length >= 2);
    await server.mine(1);
    await c.until((f) => (f as Frame[]).some((x) => x[3] === 'pending_transaction' && x[2] === 'transactions:new_pending_transaction'));
    expect((c.received as Frame[]).find((x) => x[2] === 'transactions:new_pending_transaction' && x[3] === 'pending_transaction')![4]).toEqual({ pending_transaction: waiting.transactionCount + (replacementAt(ahead, head + 1) ? 1 : 0) });
    await c.until((f) => (f as Frame[]).some((x) => x[3] === 'pending_transaction' && x[2] === `addresses:${sender}`));
    const own = (c.received as Frame[]).find((x) => x[3] === 'pending_transaction' && x[2] === `addresses:${sender}`)![4].transactions as { result: string; from: { hash: string } }[];
    expect(own.length).toBeGreaterThan(0);
    for (const t of own) expect(t.result).toBe('pending');
    c.ws.close();
  });

  it('speaks the 1.0.0 object frames too, and works from a browser page on another origin', async () => {
    const c = await connect('1.0.0');
    const ref = c.send('phoenix', 'heartbeat');
    await c.until((f) => f.length >= 1);
    expect(c.received[0]).toEqual({ join_ref: ref, ref, topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} } });
    c.ws.close();

    const page = createServer((_req, res) => res.end('<!doctype html><title>other origin</title>'));
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    const browser = await launchChromium();
    try {
      const tab = await browser.newPage();
      await tab.goto(`http://127.0.0.1:${(page.address() as { port: number }).port}/`);
      const socketUrl = `${server.url.replace('http', 'ws').replace('127.0.0.1', 'localhost')}/socket/v2/websocket?vsn=2.0.0`;
      // Source text, so the page's own WebSocket runs (not the test's `ws` import).
      const answer = (await tab.evaluate(`new Promise((resolve, reject) => {
        const ws = new WebSocket(${JSON.stringify(socketUrl)});
        ws.onopen = () => ws.send(JSON.stringify(['1', '1', 'blocks:new_block', 'phx_join', {}]));
        ws.onmessage = (event) => resolve(String(event.data));
        ws.onerror = () => reject(new Error('socket error'));
      })`)) as string;
      expect(JSON.parse(answer)).toEqual(['1', '1', 'blocks:new_block', 'phx_reply', { status: 'ok', response: {} }]);
    } finally {
      await browser.close();
      page.close();
    }
  });
});
