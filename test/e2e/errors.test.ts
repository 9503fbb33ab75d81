import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/startServer.js';
import { expectValidResponse } from '../support/expectValid.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ scenario: 'tiny', seed: 1, port: 0 });
});
afterAll(() => server.close());

const get = async (path: string, init?: RequestInit) => {
  const response = await fetch(`${server.url}${path}`, init);
  const text = await response.text();
  // Every JSON answer, error or not, must match its schema.
  if (text && response.headers.get('content-type')?.startsWith('application/json'))
    expectValidResponse(path, response.status, text);
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: () => JSON.parse(text) as Record<string, unknown>,
  };
};

const unknownAddress = '0x1111111111111111111111111111111111111111';
const unknownHash = `0x${'ab'.repeat(32)}`;

describe("behaviour.md's error table, over HTTP", () => {
  it.each([
    ['/api/v2/addresses/0x123', '/address_hash_param'],
    ['/api/v2/addresses/0xZZ11111111111111111111111111111111111111/transactions', '/address_hash_param'],
    ['/api/v2/transactions/0xabc/token-transfers', '/transaction_hash_param'],
    ['/api/v2/blocks/not-a-block/transactions', '/block_hash_or_number_param'],
    ['/api/v2/blocks/-1/transactions', '/block_hash_or_number_param'],
    ['/api/v2/smart-contracts/0x12', '/address_hash_param'],
  ])('malformed path parameter %s → 422 naming %s', async (path, pointer) => {
    const r = await get(path);
    expect(r.status).toBe(422);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(r.json()).toEqual({
      message: 'Invalid parameter(s)',
      errors: [{ title: 'Invalid value', source: { pointer }, detail: expect.any(String) }],
    });
  });

  it.each([
    ['/api/v2/addresses/HANDLE/transactions?filter=sideways', '/filter'],
    ['/api/v2/addresses/HANDLE/tokens?type=ERC-99', '/type'],
    ['/api/v2/addresses/HANDLE/token-transfers?type=ERC-20,nope', '/type'],
    ['/api/v2/addresses/HANDLE/nft/collections?type=ERC-20', '/type'],
    ['/api/v2/blocks?type=foo', '/type'],
    ['/api/v2/transactions/TX/token-transfers?type=coins', '/type'],
  ])('bad filter value %s → 422 on %s', async (path, pointer) => {
    const r = await get(
      path
        .replace('HANDLE', server.chain.handles.busyAddress!)
        .replace('TX', server.chain.handles.largeBatchTransaction!),
    );
    expect(r.status).toBe(422);
    expect(r.json()).toEqual({
      message: 'Invalid parameter(s)',
      errors: [{ title: 'Invalid value', source: { pointer }, detail: 'Invalid value for enum' }],
    });
  });

  it.each([
    ['/api/v2/addresses/HANDLE/transactions?block_number=abc', '/block_number'],
    ['/api/v2/addresses/HANDLE/transactions?block_number=10&index=-1', '/index'],
    ['/api/v2/addresses/HANDLE/internal-transactions?block_number=9007199254740993', '/block_number'],
    ['/api/v2/addresses/HANDLE/withdrawals?index=1.5', '/index'],
    ['/api/v2/blocks?block_number=0x10', '/block_number'],
    ['/api/v2/addresses?fetched_coin_balance=rich', '/fetched_coin_balance'],
    ['/api/v2/addresses?fetched_coin_balance=100&hash=0x12', '/hash'],
    ['/api/v2/addresses/HANDLE/nft/collections?token_contract_address_hash=zz', '/token_contract_address_hash'],
    ['/api/v2/transactions/TX/token-transfers?batch_log_index=x', '/batch_log_index'],
  ])('malformed cursor %s → 422 on %s', async (path, pointer) => {
    const r = await get(
      path
        .replace('HANDLE', server.chain.handles.busyAddress!)
        .replace('TX', server.chain.handles.largeBatchTransaction!),
    );
    expect(r.status).toBe(422);
    expect((r.json().errors as { source: { pointer: string } }[])[0]!.source.pointer).toBe(pointer);
  });

  it.each([
    `/api/v2/blocks/99999999/transactions`,
    `/api/v2/blocks/${unknownHash}/transactions`,
    `/api/v2/transactions/${unknownHash}/token-transfers`,
    `/api/v2/smart-contracts/${unknownAddress}`,
    '/api/v2/smart-contracts/EOA',
    '/api/v2/smart-contracts/FAILED',
  ])('unknown entity %s → 404', async (path) => {
    const r = await get(
      path.replace('EOA', server.chain.handles.whale!).replace('FAILED', server.chain.handles.failedContractCreation!),
    );
    expect(r.status).toBe(404);
    expect(r.json()).toEqual({ message: 'Not found' });
  });

  it('answers an unverified contract with its bytecode only', async () => {
    const r = await get(`/api/v2/smart-contracts/${server.chain.handles.unverifiedContract}`);
    expect(r.status).toBe(200);
    expect(Object.keys(r.json()).sort()).toEqual([
      'creation_bytecode',
      'creation_status',
      'deployed_bytecode',
      'is_verified',
    ]);
    expect(r.json().is_verified).toBe(false);
  });

  it('answers an unknown address with the stub, checksummed', async () => {
    const lower = '0xab5801a7d398351b8be11c439e05c5b3259aec9b';
    const r = await get(`/api/v2/addresses/${lower}`);
    expect(r.status).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({
      hash: getAddress(lower),
      is_contract: false,
      is_verified: false,
      coin_balance: null,
      private_tags: [],
      public_tags: [],
      watchlist_names: [],
    });
    for (const [key, value] of Object.entries(body)) if (key.startsWith('has_')) expect(value).toBe(false);
  });

  it.each(['tokens', 'token-transfers', 'transactions', 'internal-transactions', 'nft/collections', 'withdrawals'])(
    'answers the lists of an unknown address with an empty page: %s',
    async (list) => {
      const r = await get(`/api/v2/addresses/${unknownAddress}/${list}`);
      expect(r.status).toBe(200);
      expect(r.text).toBe('{"items":[],"next_page_params":null}');
    },
  );

  it('answers unknown paths under /api/v2 with 400, and elsewhere with 404', async () => {
    expect(await get('/api/v2/nothing').then((r) => [r.status, r.json()])).toEqual([
      400,
      { message: 'Unknown API v2 action' },
    ]);
    expect(await get('/api/v2/addresses/x/y/z').then((r) => r.status)).toBe(400);
    expect(await get('/api/v3/blocks').then((r) => [r.status, r.json()])).toEqual([404, { message: 'Not found' }]);
  });
});

describe('HTTP details', () => {
  it('sends CORS and the JSON content type on every API response', async () => {
    for (const path of ['/api/v2/blocks', '/api/v2/nothing', '/api/v2/addresses/0x1']) {
      const r = await get(path);
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
      expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    }
  });

  it('answers a preflight', async () => {
    const r = await get('/api/v2/blocks', {
      method: 'OPTIONS',
      headers: { 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-trace' },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect(r.headers.get('access-control-allow-headers')).toBe('x-trace');
    expect(Number(r.headers.get('access-control-max-age'))).toBeGreaterThan(0);
  });

  it('answers HEAD like GET without a body', async () => {
    const [head, full] = await Promise.all([get('/api/v2/blocks', { method: 'HEAD' }), get('/api/v2/blocks')]);
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(full.text)));
  });

  it('answers other methods with 405 and an allow header', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const r = await get('/api/v2/blocks', { method });
      expect(r.status).toBe(405);
      expect(r.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect(r.json().message).toEqual(expect.any(String));
    }
  });

  it('ignores a trailing slash and unknown query parameters', async () => {
    const plain = await get('/api/v2/addresses');
    expect((await get('/api/v2/addresses/')).text).toBe(plain.text);
    expect((await get('/api/v2/addresses?utm_source=x&foo[]=1')).text).toBe(plain.text);
  });

  it('treats path hashes case-insensitively', async () => {
    const hash = server.chain.handles.busyAddress!;
    const checksummed = await get(`/api/v2/addresses/${hash}/transactions`);
    const lower = await get(`/api/v2/addresses/${hash.toLowerCase()}/transactions`);
    const upper = await get(`/api/v2/addresses/0x${hash.slice(2).toUpperCase()}/transactions`);
    expect(lower.text).toBe(checksummed.text);
    expect(upper.text).toBe(checksummed.text);
  });

  it('answers an over-long URL with 414 and over-large headers with 431', async () => {
    expect((await get(`/api/v2/blocks?x=${'a'.repeat(10_000)}`)).status).toBe(414);
    expect((await get('/api/v2/blocks', { headers: { 'x-big': 'a'.repeat(20_000) } })).status).toBe(431);
    expect((await get('/api/v2/blocks')).status).toBe(200);
  });
});
