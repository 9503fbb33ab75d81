import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { METHODS } from '../../src/rpc/node.js';
import { devNodeMethods } from '../../src/rpc/methods/devNode.js';

/** The methods that read; the cheat codes (evm_mine, anvil_setBalance…) exist to change the chain and are fuzzed apart. */
const READ_METHODS = Object.keys(METHODS).filter((m) => !Object.hasOwn(devNodeMethods, m));
import { type RunningServer, startServer } from '../../src/startServer.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ scenario: 'tiny', seed: 1, port: 0, cache: false });
});
afterAll(() => server.close());

/** The codes a node answers bad input with; -32603 (internal error) would be a bug. */
const CLIENT_CODES = new Set([-32700, -32600, -32601, -32602, -32000, 3]);

const hexChars = '0123456789abcdefABCDEFxg'.split('');
/** Values a method's parameter might be given: near misses of hashes, quantities and tags, and anything. */
const param = (chain: RunningServer['chain']) =>
  fc.oneof(
    fc.constantFrom(...Object.values(chain.handles)),
    fc.string({ unit: fc.constantFrom(...hexChars), maxLength: 70 }).map((s) => `0x${s}`),
    fc.constantFrom('latest', 'pending', 'earliest', 'safe', 'finalized', 'Latest', '0x', '0x0', '0x00', '0x1'),
    fc
      .bigInt({ min: -(2n ** 300n), max: 2n ** 300n })
      .map((n) => (n < 0 ? `-0x${(-n).toString(16)}` : `0x${n.toString(16)}`)),
    fc.record(
      {
        to: fc.constantFrom(...Object.values(chain.handles), '0xcA11bde05977b3631167028862bE2a173976CA11'),
        data: fc.string({ unit: fc.constantFrom(...hexChars), maxLength: 300 }).map((s) => `0x${s}`),
        from: fc.string(),
        value: fc.anything(),
        gas: fc.anything(),
        blockHash: fc.string(),
        fromBlock: fc.anything(),
        toBlock: fc.anything(),
        address: fc.anything(),
        topics: fc.anything(),
      },
      { requiredKeys: [] },
    ),
    fc.anything({ maxDepth: 3 }),
  );

/** One request object: a real method (or a subscription, or none) with parameters of every wrong shape. */
const request = (chain: RunningServer['chain'], methods: readonly string[] = READ_METHODS) =>
  fc.record(
    {
      jsonrpc: fc.oneof(fc.constant('2.0'), fc.constant('2.0'), fc.anything({ maxDepth: 1 })),
      id: fc.oneof(fc.nat(), fc.string({ maxLength: 8 }), fc.constant(null), fc.anything({ maxDepth: 1 })),
      method: fc.oneof(
        fc.constantFrom(...methods, 'eth_subscribe', 'eth_unsubscribe'),
        // What every object has: none of it is a method.
        fc.constantFrom('constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__', 'isPrototypeOf'),
        fc.constantFrom(...methods, 'eth_subscribe'),
        fc.string({ maxLength: 300 }),
        fc.anything({ maxDepth: 1 }),
      ),
      params: fc.oneof(
        fc.array(param(chain), { maxLength: 4 }),
        fc.tuple(fc.constantFrom('logs', 'newHeads', 'newPendingTransactions', 'syncing'), param(chain)),
        fc.anything({ maxDepth: 2 }),
      ),
    },
    { requiredKeys: ['method'] },
  );

/** A whole body: broken JSON, a non-request value, a request, a batch (empty, mixed, or of non-objects). */
const body = (chain: RunningServer['chain']) =>
  fc.oneof(
    { weight: 4, arbitrary: request(chain).map((r) => JSON.stringify(r)) },
    {
      weight: 2,
      arbitrary: fc
        .array(fc.oneof(request(chain), fc.anything({ maxDepth: 1 })), { maxLength: 12 })
        .map((b) => JSON.stringify(b)),
    },
    { weight: 1, arbitrary: request(chain).map((r) => JSON.stringify(r).slice(0, -3)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }).map((v) => JSON.stringify(v) ?? 'undefined') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        '[]',
        '{}',
        'null',
        '[[]]',
        '[{}]',
        '{"jsonrpc":"2.0","method":"eth_blockNumber","id":{}}',
      ),
    },
  );

/** Every answer in a body: one object, or a batch's objects; each a JSON-RPC answer with a client error or a result. */
function checkAnswer(text: string): void {
  if (text === '') return;
  const value = JSON.parse(text) as unknown;
  for (const answer of Array.isArray(value) ? value : [value]) {
    if (answer.method === 'eth_subscription') {
      expect(typeof answer.params.subscription).toBe('string');
      expect('result' in answer.params).toBe(true);
      continue;
    }
    expect(answer.jsonrpc).toBe('2.0');
    expect('id' in answer).toBe(true);
    if ('error' in answer) {
      expect(CLIENT_CODES.has(answer.error.code), JSON.stringify(answer.error)).toBe(true);
      expect(typeof answer.error.message).toBe('string');
      expect(answer.error.message.length).toBeGreaterThan(0);
    } else expect('result' in answer).toBe(true);
  }
}

/** What a client reads: the same bytes before and after the fuzzing. */
async function readings(): Promise<string[]> {
  const call = (method: string, params: unknown[]) =>
    fetch(`${server.url}/rpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    }).then((r) => r.text());
  const whale = server.chain.handles.whale!;
  return Promise.all([
    call('eth_getBlockByNumber', ['latest', true]),
    call('eth_getBalance', [whale, 'latest']),
    call('eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest', address: server.chain.handles.erc20Token }]),
    call('eth_getTransactionCount', [whale, 'pending']),
    fetch(`${server.url}/api/v2/blocks`).then((r) => r.text()),
  ]);
}

describe('the node under 10,000 malformed requests', () => {
  const errors = vi.spyOn(console, 'error');
  // The worker runs other test files next (isolate: false): they get the console back.
  afterAll(() => errors.mockRestore());

  it('over HTTP: a JSON-RPC error naming what is wrong (never -32603, never a 5xx), and every other client reads the same', async () => {
    const before = await readings();
    const bodies = fc.sample(body(server.chain), { numRuns: 10_000, seed: 22 });
    for (let i = 0; i < bodies.length; i += 25) {
      await Promise.all(
        bodies.slice(i, i + 25).map(async (text) => {
          const response = await fetch(`${server.url}/rpc`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: text,
          });
          const answer = await response.text();
          expect(response.status, `${text.slice(0, 200)} -> ${answer.slice(0, 200)}`).toBe(200);
          checkAnswer(answer);
        }),
      );
    }
    expect(errors).not.toHaveBeenCalled();
    expect(await readings()).toEqual(before);
  }, 120_000);

  it('the cheat codes with junk parameters: a JSON-RPC error naming what is wrong, never a 5xx; reset undoes what they did', async () => {
    const before = await readings();
    const bodies = fc.sample(
      request(server.chain, Object.keys(devNodeMethods)).map((r) => JSON.stringify(r)),
      { numRuns: 2_000, seed: 26 },
    );
    for (let i = 0; i < bodies.length; i += 25) {
      await Promise.all(
        bodies.slice(i, i + 25).map(async (text) => {
          const response = await fetch(`${server.url}/rpc`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: text,
          });
          const answer = await response.text();
          expect(response.status, `${text.slice(0, 200)} -> ${answer.slice(0, 200)}`).toBe(200);
          checkAnswer(answer);
        }),
      );
    }
    expect(errors).not.toHaveBeenCalled();
    await fetch(`${server.url}/__mock/reset`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(await readings()).toEqual(before);
  }, 120_000);

  it('from a page of another site (text/plain, no preflight): every read answers as before, every send is refused, nothing changes', async () => {
    const before = await readings();
    const head = server.chain.headHeight;
    const from = server.chain.signers[0]!.address;
    const send = (id: number) =>
      JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'eth_sendTransaction',
        params: [{ from, to: '0x000000000000000000000000000000000000dEaD', value: '0x1' }],
      });
    const bodies = [
      ...fc.sample(body(server.chain), { numRuns: 2_000, seed: 25 }),
      // The cheat codes too: refused as sends are.
      ...fc.sample(
        request(server.chain, Object.keys(devNodeMethods)).map((r) => JSON.stringify(r)),
        { numRuns: 500, seed: 27 },
      ),
      '{"jsonrpc":"2.0","id":1,"method":"evm_mine","params":[]}',
      ...Array.from({ length: 20 }, (_, i) => send(i)),
      `[${send(1)},{"jsonrpc":"2.0","id":2,"method":"eth_chainId"}]`,
    ];
    for (let i = 0; i < bodies.length; i += 25) {
      await Promise.all(
        bodies.slice(i, i + 25).map(async (text) => {
          const response = await fetch(`${server.url}/rpc`, {
            method: 'POST',
            headers: { 'content-type': 'text/plain', origin: 'https://evil.example' },
            body: text,
          });
          const answer = await response.text();
          expect(response.status, `${text.slice(0, 200)} -> ${answer.slice(0, 200)}`).toBe(200);
          checkAnswer(answer);
          if (text.includes('eth_sendTransaction') && text.includes(from))
            expect(answer, text).toMatch(/"code":-32000,"message":"Origin \\"https:\/\/evil.example\\" may not change/);
        }),
      );
    }
    expect(server.chain.headHeight).toBe(head);
    expect(errors).not.toHaveBeenCalled();
    expect(await readings()).toEqual(before);
  }, 120_000);

  it('over the websocket: the same, and the socket stays open', async () => {
    const before = await readings();
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/rpc`);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const answers: string[] = [];
    ws.on('message', (data) => answers.push(String(data)));
    const bodies = fc.sample(body(server.chain), { numRuns: 10_000, seed: 23 });
    for (const text of bodies) ws.send(text);
    // A last request answered after all of them (a socket answers in order).
    ws.send('{"jsonrpc":"2.0","id":"last","method":"eth_chainId"}');
    for (let i = 0; i < 600 && !answers.at(-1)?.includes('"last"'); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answers.at(-1)).toBe('{"jsonrpc":"2.0","id":"last","result":"0x7a69"}');
    for (const answer of answers) {
      // Subscriptions made by the fuzz hear nothing: no block is mined meanwhile.
      expect(answer).not.toContain('eth_subscription');
      checkAnswer(answer);
    }
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.close();
    expect(errors).not.toHaveBeenCalled();
    expect(await readings()).toEqual(before);
  }, 120_000);

  it('over the websocket while blocks are mined: subscriptions made by junk hear valid notifications', async () => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/rpc`);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const frames: string[] = [];
    ws.on('message', (data) => frames.push(String(data)));
    const bodies = fc.sample(body(server.chain), { numRuns: 2_000, seed: 24 });
    // Valid subscriptions among the junk, so that mining has someone to tell.
    ws.send('{"jsonrpc":"2.0","id":1,"method":"eth_subscribe","params":["newHeads"]}');
    ws.send('{"jsonrpc":"2.0","id":2,"method":"eth_subscribe","params":["logs",{}]}');
    ws.send('{"jsonrpc":"2.0","id":3,"method":"eth_subscribe","params":["newPendingTransactions",true]}');
    /** Sends a marker and waits for its answer: everything sent before it has been answered. */
    const settled = async (marker: string) => {
      ws.send(`{"jsonrpc":"2.0","id":"${marker}","method":"eth_chainId"}`);
      for (let i = 0; i < 600 && !frames.some((f) => f.includes(`"id":"${marker}"`)); i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await settled('subscribed');
    for (const [k, text] of bodies.entries()) {
      ws.send(text);
      if (k % 500 === 499) {
        await settled(`batch-${k}`);
        await server.mine(1);
      }
    }
    await settled('last');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const notifications = frames.filter((f) => f.startsWith('{"jsonrpc":"2.0","method":"eth_subscription"'));
    expect(notifications.length).toBeGreaterThan(4);
    for (const frame of frames) checkAnswer(frame);
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.close();
    expect(errors).not.toHaveBeenCalled();
  }, 120_000);
});
