import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createHandler, type MockHandler } from '../../src/handler/createHandler.js';
import { type RunningServer, startServer } from '../../src/startServer.js';
import { rawRequest } from '../support/rawRequest.js';
import { signed } from '../wallet/sendHelpers.js';
import { KEY0 } from '../wallet/support.js';

type Json = Record<string, any>;

const EVIL = 'https://evil.example';
const LOCAL_APP = 'http://localhost:3000';
const DEAD = '0x000000000000000000000000000000000000dEaD';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ scenario: 'tiny', seed: 1, cache: false });
});
afterAll(() => server.close());
afterEach(() => server.reset());

/** The server as a fetch handler, for the helpers that sign against one. */
const overServer = ((r: Request) => {
  const url = new URL(r.url);
  return r.text().then((body) =>
    fetch(`${server.url}${url.pathname}${url.search}`, {
      method: r.method,
      headers: r.headers,
      ...(r.method === 'GET' ? {} : { body }),
    }),
  );
}) as unknown as MockHandler;

const rpcBody = (method: string, params: unknown[], id: number | string = 1) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, params });

/** A POST as a page sends it without a preflight: `text/plain`, with its Origin. */
const simplePost = (path: string, origin: string | null, body = '') =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', ...(origin ? { origin } : {}) },
    body,
  });

const sendTransaction = (origin: string | null) =>
  fetch(`${server.url}/rpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
    body: rpcBody('eth_sendTransaction', [{ from: server.chain.signers[0]!.address, to: DEAD, value: '0x1' }]),
  }).then((r) => r.json() as Promise<Json>);

/** What every client reads of the chain: its head and the newest blocks. */
const chainSeen = async () =>
  Promise.all(
    ['/api/v2/main-page/blocks', '/api/v2/transactions?filter=pending'].map(async (p) =>
      (await fetch(`${server.url}${p}`)).text(),
    ),
  );

describe('a page of another site cannot drive the mock (reads stay open to every page)', () => {
  it('a text/plain POST from a foreign origin to /__mock/mine and /__mock/reset is refused (403) and the chain is unchanged', async () => {
    await server.mine(2);
    const before = await chainSeen();
    const head = server.chain.headHeight;
    for (const [path, body] of [
      ['/__mock/mine', '{"blocks": 1000}'],
      ['/__mock/reset', ''],
    ] as const) {
      const response = await simplePost(path, EVIL, body);
      expect(response.status, path).toBe(403);
      expect(((await response.json()) as Json).message).toMatch(
        /^Origin "https:\/\/evil.example" may not change the mock's state .*--trusted-origins https:\/\/evil.example/,
      );
    }
    expect(server.chain.headHeight).toBe(head);
    expect(await chainSeen()).toEqual(before);
    // A preflight for them is refused too; the same POSTs from this machine, or from no page at all, work.
    const preflight = await fetch(`${server.url}/__mock/mine`, {
      method: 'OPTIONS',
      headers: {
        origin: EVIL,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(403);
    expect((await simplePost('/__mock/mine', LOCAL_APP, '{"blocks": 2}')).status).toBe(200);
    expect((await simplePost('/__mock/mine', null, '')).status).toBe(200);
    expect(server.chain.headHeight).toBe(head + 3);
    expect((await simplePost('/__mock/reset', 'http://127.0.0.1:5173')).status).toBe(200);
    expect(server.chain.headHeight).toBe(head - 2);
  });

  it('eth_sendTransaction from a foreign origin is refused (-32000) and reads in the same batch answer; from localhost:3000 it is mined', async () => {
    const head = server.chain.headHeight;
    const refused = await sendTransaction(EVIL);
    expect(refused.error.code).toBe(-32000);
    expect(refused.error.message).toMatch(/^Origin "https:\/\/evil.example" may not change the mock's state/);
    expect(server.chain.headHeight).toBe(head);
    // A text/plain batch (no preflight): the read answers, the send is refused.
    const batch = (await (
      await simplePost(
        '/rpc',
        EVIL,
        `[${rpcBody('eth_blockNumber', [], 1)},${rpcBody('eth_sendRawTransaction', [await signed(overServer, KEY0)], 2)}]`,
      )
    ).json()) as Json[];
    expect(batch[0]).toEqual({ jsonrpc: '2.0', id: 1, result: `0x${head.toString(16)}` });
    expect(batch[1]!.error).toMatchObject({ code: -32000, message: expect.stringMatching(/may not change/) });
    // Blockscout's ETH RPC API over the same node refuses it the same way.
    const ethRpc = await fetch(`${server.url}/api/eth-rpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: EVIL },
      body: rpcBody('eth_sendRawTransaction', [await signed(overServer, KEY0)]),
    });
    expect(await ethRpc.text()).toMatch(
      /"error": \{"code":-32000,"message":"Origin \\"https:\/\/evil.example\\" may not/,
    );
    expect(server.chain.headHeight).toBe(head);
    // The normal dev flow: a frontend on localhost sends through the node; so do Node clients (no Origin).
    expect((await sendTransaction(LOCAL_APP)).result).toMatch(/^0x[\da-f]{64}$/);
    expect((await sendTransaction(null)).result).toMatch(/^0x[\da-f]{64}$/);
    expect(server.chain.headHeight).toBe(head + 2);
  });

  it('a preflight to a POST path from a foreign origin allows only the headers a read needs; from this machine it echoes them', async () => {
    const preflight = (origin: string) =>
      fetch(`${server.url}/rpc`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-evil-header,x-mock-latency',
        },
      });
    const foreign = await preflight(EVIL);
    expect(foreign.status).toBe(204);
    expect(foreign.headers.get('access-control-allow-origin')).toBe('*');
    expect(foreign.headers.get('access-control-allow-headers')).toBe('content-type, x-mock-latency');
    const local = await preflight(LOCAL_APP);
    expect(local.headers.get('access-control-allow-headers')).toBe('content-type,x-evil-header,x-mock-latency');
    // Reads through a GET path stay open to any page, whatever it asks.
    const read = await fetch(`${server.url}/api/v2/blocks`, { headers: { origin: EVIL } });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('verification by GET is refused (405: an <img> could send it); by POST from a foreign origin 403; from this machine it goes through', async () => {
    const address = server.chain.handles.unverifiedContract!;
    const fields = {
      module: 'contract',
      action: 'verifysourcecode',
      codeformat: 'solidity-single-file',
      contractaddress: address,
      contractname: 'Vault',
      compilerversion: 'v0.8.24+commit.e11b9ed9',
      optimizationUsed: '0',
      sourceCode: 'contract Vault {}',
    };
    const query = new URLSearchParams(fields).toString();
    const byGet = await fetch(`${server.url}/api?${query}`);
    expect(byGet.status).toBe(405);
    expect(byGet.headers.get('allow')).toBe('POST, OPTIONS');
    expect(await byGet.json()).toEqual({
      message:
        'verifysourcecode changes what the explorer serves, and explorer-mock changes nothing by GET (a link or an <img> on any page could send one): send it by POST, as hardhat-verify and forge do',
      result: null,
      status: '0',
    });
    const proxyByGet = await fetch(`${server.url}/api?module=contract&action=verifyproxycontract&address=${address}`);
    expect(proxyByGet.status).toBe(405);
    const sourceCode = async () =>
      (
        (await (
          await fetch(`${server.url}/api?module=contract&action=getsourcecode&address=${address}`)
        ).json()) as Json
      ).result;
    expect(await sourceCode()).toEqual([{ Address: address.toLowerCase() }]);
    const form = (origin: string | null) =>
      fetch(`${server.url}/api`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) },
        body: query,
      });
    const foreign = await form(EVIL);
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as Json).message).toMatch(/may not change the mock's state/);
    expect(await sourceCode()).toEqual([{ Address: address.toLowerCase() }]);
    // Reads by the same API from the same page answer.
    const read = await fetch(`${server.url}/api`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: EVIL },
      body: `module=contract&action=getabi&address=${server.chain.handles.erc20Token}`,
    });
    expect(((await read.json()) as Json).status).toBe('1');
    expect(((await (await form(LOCAL_APP)).json()) as Json).status).toBe('1');
    expect((await sourceCode())[0].ContractName).toBe('Vault');
  });
});

describe('DNS rebinding: the server answers only to its own host names', () => {
  it('a request naming another Host is refused (403), even for an answer cached before; loopback names and addresses answer', async () => {
    expect((await fetch(`${server.url}/api/v2/blocks`)).status).toBe(200);
    const rebound = await rawRequest(server.url, 'GET', '/api/v2/blocks', { host: `evil.example:${server.port}` });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body).message).toMatch(
      /^Host "evil.example:\d+" is not allowed: .*DNS rebinding\. To allow it, start with --allowed-hosts evil.example /,
    );
    const mine = await rawRequest(server.url, 'POST', '/__mock/mine', { host: 'evil.example' });
    expect(mine.status).toBe(403);
    for (const host of [`localhost:${server.port}`, `127.0.0.1:${server.port}`, 'app.localhost', '192.168.1.20:4000'])
      expect((await rawRequest(server.url, 'GET', '/api/v2/blocks', { host })).status, host).toBe(200);
  });

  it('a websocket upgrade naming another Host is refused (403) on both sockets', async () => {
    for (const path of ['/socket/v2/websocket?vsn=2.0.0', '/rpc']) {
      const answer = await upgrade(path, { host: 'evil.example' });
      expect(answer.status, path).toBe(403);
      expect(answer.body).toMatch(/is not allowed/);
    }
  });

  it('--allowed-hosts and --trusted-origins let the user open it up', async () => {
    const open = await startServer({
      scenario: 'tiny',
      seed: 1,
      cache: false,
      allowedHosts: ['.example.test'],
      trustedOrigins: ['https://app.example.test:8443'],
    });
    try {
      expect((await rawRequest(open.url, 'GET', '/api/v2/stats', { host: 'mock.example.test' })).status).toBe(200);
      expect((await rawRequest(open.url, 'GET', '/api/v2/stats', { host: 'evil.example' })).status).toBe(403);
      const mine = (origin: string) =>
        fetch(`${open.url}/__mock/mine`, { method: 'POST', headers: { origin }, body: '' }).then((r) => r.status);
      expect(await mine('https://app.example.test:8443')).toBe(200);
      expect(await mine('https://ui.example.test')).toBe(200);
      expect(await mine(EVIL)).toBe(403);
    } finally {
      await open.close();
    }
    const anything = await startServer({
      scenario: 'tiny',
      seed: 1,
      cache: false,
      allowedHosts: true,
      trustedOrigins: true,
    });
    try {
      expect((await rawRequest(anything.url, 'GET', '/api/v2/stats', { host: 'evil.example' })).status).toBe(200);
      expect(
        await fetch(`${anything.url}/__mock/mine`, { method: 'POST', headers: { origin: EVIL } }).then((r) => r.status),
      ).toBe(200);
    } finally {
      await anything.close();
    }
    await expect(startServer({ allowedHosts: ['https://x.test'] })).rejects.toThrow(
      /^startServer: allowedHosts must be true or an array of host names/,
    );
    await expect(startServer({ trustedOrigins: ['x.test'] })).rejects.toThrow(
      /^startServer: trustedOrigins must be true or an array of origins/,
    );
  });
});

describe('websockets and foreign pages', () => {
  it('the node socket from a foreign page reads and subscribes but may not send; from localhost it sends', async () => {
    const call = async (origin: string, method: string, params: unknown[]) => {
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/rpc`, { headers: { origin } });
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      const answer = new Promise<Json>((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)))));
      ws.send(rpcBody(method, params));
      const json = await answer;
      ws.close();
      return json;
    };
    const head = server.chain.headHeight;
    expect((await call(EVIL, 'eth_blockNumber', [])).result).toBe(`0x${head.toString(16)}`);
    expect((await call(EVIL, 'eth_subscribe', ['newHeads'])).result).toMatch(/^0x/);
    const from = server.chain.signers[0]!.address;
    const refused = await call(EVIL, 'eth_sendTransaction', [{ from, to: DEAD, value: '0x1' }]);
    expect(refused.error).toMatchObject({ code: -32000, message: expect.stringMatching(/may not change/) });
    expect(server.chain.headHeight).toBe(head);
    expect((await call(LOCAL_APP, 'eth_sendTransaction', [{ from, to: DEAD, value: '0x1' }])).result).toMatch(/^0x/);
    expect(server.chain.headHeight).toBe(head + 1);
  });

  it('the Phoenix socket only reads: a foreign page may join, as it may read through CORS', async () => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/socket/v2/websocket?vsn=2.0.0`, {
      headers: { origin: EVIL },
    });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const reply = new Promise<unknown>((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)))));
    ws.send(JSON.stringify(['1', '1', 'blocks:new_block', 'phx_join', {}]));
    expect(await reply).toEqual(['1', '1', 'blocks:new_block', 'phx_reply', { status: 'ok', response: {} }]);
    ws.close();
  });
});

describe('createHandler: only the app’s own pages reach it, so it trusts every origin unless told otherwise', () => {
  it('takes a send from any origin by default; with trustedOrigins: [] it refuses as the server does', async () => {
    const post = (handler: MockHandler, path: string, origin: string, body = '') =>
      handler(
        new Request(`http://mock${path}`, { method: 'POST', headers: { origin, 'content-type': 'text/plain' }, body }),
      );
    const open = createHandler({ scenario: 'tiny', seed: 1, cache: false });
    expect((await post(open, '/__mock/mine', EVIL)).status).toBe(200);
    const strict = createHandler({ scenario: 'tiny', seed: 1, cache: false, trustedOrigins: [] });
    const head = strict.chain.headHeight;
    expect((await post(strict, '/__mock/mine', EVIL)).status).toBe(403);
    expect((await post(strict, '/__mock/mine', LOCAL_APP)).status).toBe(200);
    expect(strict.chain.headHeight).toBe(head + 1);
    expect(() => createHandler({ trustedOrigins: ['nope'] })).toThrow(
      /^createHandler: trustedOrigins must be true or an array of origins/,
    );
  });
});

/** Sends a websocket upgrade with the given headers; resolves with the status and body of the answer. */
function upgrade(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port: server.port,
      path,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        ...headers,
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode!, body: '' });
    });
    req.on('error', reject);
    req.end();
  });
}
