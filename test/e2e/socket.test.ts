import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildChain } from '../../generators/buildChain.js';
import { MAX_FRAME_BYTES } from '../../src/phoenix/phoenixSocket.js';
import { replacementAt } from '../../src/domain/replacements.js';
import { type RunningServer, startServer } from '../../src/startServer.js';
import { launchChromium } from '../support/chromium.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ scenario: 'tiny', seed: 1, cache: false });
});
afterAll(() => server.close());

/** A Phoenix client over `ws`: sends frames, collects every frame received. */
async function connect(vsn = '2.0.0', on: RunningServer = server, headers: Record<string, string> = {}) {
  const ws = new WebSocket(`${on.url.replace('http', 'ws')}/socket/v2/websocket?vsn=${vsn}`, { headers });
  const received: unknown[] = [];
  ws.on('message', (data) => received.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let ref = 0;
  const send = (topic: string, event: string, payload: unknown = {}) => {
    const r = String(++ref);
    ws.send(
      JSON.stringify(vsn === '2.0.0' ? [r, r, topic, event, payload] : { topic, event, payload, ref: r, join_ref: r }),
    );
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
    const counts = (c.received as Frame[]).filter(
      (f) => f[3] === 'transaction' && f[2] === 'transactions:new_transaction',
    );
    expect(counts.map((f) => f[4].transaction)).toEqual(
      [before + 1, before + 2].map((h) => server.chain.blocks.at(h)!.transactionCount),
    );
    // An address active in the next block (known ahead: block k is the same at any head) hears its transactions.
    const later = server.chain.headHeight + 1;
    const future = buildChain({ scenario: 'tiny', seed: 1, head: later });
    const first = future.transactions.at(future.blocks.at(later)!.transactionStart)!;
    expect(first.block).toBe(later);
    const sender = future.accounts[first.fromId]!.lower;
    const sent = [...future.transactions]
      .filter((t) => t.block === later && future.accounts[t.fromId]!.lower === sender)
      .map((t) => t.hash);
    const d = await connect();
    d.send(`addresses:${sender}`, 'phx_join');
    await d.until((f) => f.length >= 1);
    await server.mine(1);
    expect(chain).not.toBe(server.chain);
    const ofLater = (x: Frame) =>
      x[2] === `addresses:${sender}` && x[3] === 'transaction' && x[4].transactions[0].block_number === later;
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
    await c.until((f) =>
      (f as Frame[]).some((x) => x[3] === 'pending_transaction' && x[2] === 'transactions:new_pending_transaction'),
    );
    expect(
      (c.received as Frame[]).find(
        (x) => x[2] === 'transactions:new_pending_transaction' && x[3] === 'pending_transaction',
      )![4],
    ).toEqual({ pending_transaction: waiting.transactionCount + (replacementAt(ahead, head + 1) ? 1 : 0) });
    await c.until((f) => (f as Frame[]).some((x) => x[3] === 'pending_transaction' && x[2] === `addresses:${sender}`));
    const own = (c.received as Frame[]).find(
      (x) => x[3] === 'pending_transaction' && x[2] === `addresses:${sender}`,
    )![4].transactions as { result: string; from: { hash: string } }[];
    expect(own.length).toBeGreaterThan(0);
    for (const t of own) expect(t.result).toBe('pending');
    c.ws.close();
  });

  it('speaks the 1.0.0 object frames too, and works from a browser page on another origin', async () => {
    const c = await connect('1.0.0');
    const ref = c.send('phoenix', 'heartbeat');
    await c.until((f) => f.length >= 1);
    expect(c.received[0]).toEqual({
      join_ref: ref,
      ref,
      topic: 'phoenix',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
    });
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

  it('sends what the HTTP API says at the same head: new_block is /blocks’ first item, an address’s events head its lists', async () => {
    const c = await connect();
    const later = server.chain.headHeight + 1;
    const future = buildChain({ scenario: 'tiny', seed: 1, head: later });
    const block = future.blocks.at(later)!;
    // The busiest sender of the next block, and every address of a token transfer in it.
    const senders = new Set<string>();
    for (let t = block.transactionStart; t < block.transactionStart + block.transactionCount; t++)
      senders.add(future.accounts[future.transactions.at(t)!.fromId]!.lower);
    const watched = [...senders].slice(0, 5);
    c.send('blocks:new_block', 'phx_join');
    for (const hash of watched) c.send(`addresses:${hash}`, 'phx_join');
    await c.until((f) => f.length >= 1 + watched.length);
    await server.mine(1);
    await c.until((f) => (f as Frame[]).some((x) => x[3] === 'new_block'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const json = (url: string) => fetch(`${server.url}${url}`).then((r) => r.json() as Promise<any>);
    const newBlock = (c.received as Frame[]).find((x) => x[3] === 'new_block')![4];
    expect(newBlock.block).toEqual((await json('/api/v2/blocks')).items[0]);
    expect(newBlock.average_block_time).toBe(String((await json('/api/v2/stats')).average_block_time.toFixed(1)));
    for (const hash of watched) {
      const events = (c.received as Frame[]).filter((x) => x[2] === `addresses:${hash}`);
      const transactions = events.find((x) => x[3] === 'transaction')![4].transactions as any[];
      // The list is newest first; the block's transactions came in block order.
      const listed = (await json(`/api/v2/addresses/${hash}/transactions`)).items as any[];
      expect(transactions).toEqual(listed.slice(0, transactions.length).reverse());
      const transfers = events.find((x) => x[3] === 'token_transfer')?.[4].token_transfers as any[] | undefined;
      if (transfers) {
        const byKey = (t: any) => `${t.transaction_hash}:${t.log_index}`;
        const head = ((await json(`/api/v2/addresses/${hash}/token-transfers`)).items as any[]).slice(
          0,
          transfers.length,
        );
        expect(new Map(transfers.map((t) => [byKey(t), t]))).toEqual(new Map(head.map((t) => [byKey(t), t])));
      }
      const balance = events.find((x) => x[3] === 'coin_balance')?.[4].coin_balance;
      if (balance) expect(balance).toEqual((await json(`/api/v2/addresses/${hash}/coin-balance-history`)).items[0]);
      const current = events.find((x) => x[3] === 'balance')?.[4];
      if (current) expect(current.balance).toBe((await json(`/api/v2/addresses/${hash}`)).coin_balance);
    }
    c.ws.close();
  });

  it('closes the connection on a frame Phoenix cannot decode or one too big, answers a push before its join with phx_error, and keeps serving', async () => {
    const closed = async (send: (ws: WebSocket) => void) => {
      const c = await connect();
      const code = new Promise<number>((resolve) => c.ws.once('close', (status) => resolve(status)));
      send(c.ws);
      return code;
    };
    expect(await closed((ws) => ws.send('not json'))).toBe(1003);
    expect(await closed((ws) => ws.send(JSON.stringify({ no: 'topic' })))).toBe(1003);
    expect(await closed((ws) => ws.send(Buffer.from([1, 2, 3]), { binary: true }))).toBe(1003);
    expect(await closed((ws) => ws.send('x'.repeat(MAX_FRAME_BYTES + 1)))).toBe(1009);
    const c = await connect();
    const early = c.send('blocks:new_block', 'new_block', { forged: true });
    const unknown = c.send('sockets:everywhere', 'phx_join');
    await c.until((f) => f.length >= 2);
    expect((c.received as Frame[]).find((f) => f[1] === early)).toEqual([
      early,
      early,
      'blocks:new_block',
      'phx_error',
      {},
    ]);
    expect((c.received as Frame[]).find((f) => f[1] === unknown)![4]).toEqual({
      status: 'error',
      response: { reason: 'unmatched topic' },
    });
    c.ws.close();
    expect((await fetch(`${server.url}/api/v2/blocks`)).status).toBe(200);
    const again = await connect();
    const beat = again.send('phoenix', 'heartbeat');
    await again.until((f) => (f as Frame[]).some((x) => x[1] === beat));
    again.ws.close();
  });

  it('drops a client that stops reading instead of buffering for it, and goes on pushing to the others', async () => {
    const stalled = await connect();
    const reading = await connect();
    // The stalled client listens to every address, so each block pushes it tens of kilobytes.
    for (const account of server.chain.accounts) stalled.send(`addresses:${account.lower}`, 'phx_join');
    reading.send('blocks:new_block', 'phx_join');
    await stalled.until((f) => f.length === server.chain.accounts.length);
    await reading.until((f) => f.length >= 1);
    const socket = (stalled.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    socket.pause();
    const from = server.chain.headHeight;
    // Far more than the kernel's socket buffers and MAX_UNREAD_BYTES together.
    for (let round = 0; round < 4; round++) await server.mine(200);
    const mined = server.chain.headHeight - from;
    await reading.until((f) => (f as Frame[]).filter((x) => x[3] === 'new_block').length === mined);
    const heights = (reading.received as Frame[])
      .filter((x) => x[3] === 'new_block')
      .map((x) => x[4].block.height as number);
    expect(heights).toEqual(Array.from({ length: mined }, (_, i) => from + 1 + i));
    // Reading again, the stalled client finds its connection cut, after fewer pushes than were sent.
    const closed = new Promise<void>((resolve) => stalled.ws.once('close', () => resolve()));
    socket.resume();
    await closed;
    const lastHeard = Math.max(
      ...(stalled.received as Frame[])
        .filter((x) => x[3] === 'transaction')
        .map((x) => x[4].transactions[0].block_number as number),
    );
    expect(lastHeard).toBeLessThan(server.chain.headHeight);
    reading.ws.close();
  }, 60_000);

  it('takes faults on the upgrade request (x-mock-fault, x-mock-status) and delays pushes by the latency', async () => {
    const refused = (headers: Record<string, string>) =>
      new Promise<{ status?: number; body?: string; error?: string }>((resolve) => {
        const ws = new WebSocket(`${server.url.replace('http', 'ws')}/socket/v2/websocket?vsn=2.0.0`, { headers });
        ws.once('unexpected-response', (_req, res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        ws.once('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
        ws.once('open', () => resolve({ error: 'opened' }));
      });
    expect(await refused({ 'x-mock-fault': 'reset' })).toEqual({ error: 'ECONNRESET' });
    expect((await refused({ 'x-mock-fault': 'empty' })).error).toBeDefined();
    expect(await refused({ 'x-mock-status': '503' })).toEqual({
      status: 503,
      body: '{"message":"Service unavailable"}',
    });
    expect(await refused({ 'x-mock-fault': 'sideways' })).toEqual({
      status: 400,
      body: expect.stringContaining('x-mock-fault must be one of'),
    });

    const slow = await startServer({
      scenario: 'tiny',
      seed: 1,
      cache: false,
      faults: { latency: { min: 300, max: 300 } },
    });
    try {
      for (const [on, headers, delay] of [
        [slow, {}, 300],
        [server, { 'x-mock-latency': '400' }, 400],
      ] as const) {
        const c = await connect('2.0.0', on, headers);
        c.send('blocks:new_block', 'phx_join');
        await c.until((f) => f.length >= 1);
        const arrived: number[] = [];
        c.ws.on('message', () => arrived.push(performance.now()));
        const mined = performance.now();
        await on.mine(3);
        await c.until((f) => (f as Frame[]).filter((x) => x[3] === 'new_block').length === 3);
        expect(Math.min(...arrived) - mined).toBeGreaterThanOrEqual(delay - 5);
        const heights = (c.received as Frame[])
          .filter((x) => x[3] === 'new_block')
          .map((x) => x[4].block.height as number);
        expect(heights).toEqual([1, 2, 3].map((i) => on.chain.headHeight - 3 + i));
        c.ws.close();
      }
    } finally {
      await slow.close();
    }
  });
});
