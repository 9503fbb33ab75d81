import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/startServer.js';
import { overHttp } from '../support/overHttp.js';
import { type Get, walk } from '../support/walk.js';
import {
  expectedInternalTransactions,
  expectedTokenTransfers,
  expectedTransactions,
  expectedWithdrawals,
} from '../support/expectedLists.js';

let server: RunningServer;
let get: Get;
type Item = Record<string, unknown>;

beforeAll(async () => {
  server = await startServer({ scenario: 'default', seed: 1, port: 0 });
  get = overHttp(server.url);
});
afterAll(() => server.close());

const json = async (path: string) => {
  const r = await get(path);
  expect(r.status, path).toBe(200);
  expect(r.headers?.get('content-type')).toBe('application/json; charset=utf-8');
  return JSON.parse(r.body) as Item;
};

const ADDRESS_KINDS = [
  'busyAddress',
  'erc20Token',
  'erc721Token',
  'erc1155Token',
  'erc404Token',
  'proxy',
  'minimalProxy',
  'vault',
  'unverifiedContract',
  'validator',
  'withdrawalAddress',
  'emptyAddress',
  'selfDestructedContract',
  'vyperContract',
  'ensAddress',
];

describe('every endpoint on every kind of entity', () => {
  it.each(ADDRESS_KINDS)('serves the address endpoints of %s', async (handle) => {
    const hash = server.chain.handles[handle]!;
    const detail = await json(`/addresses/${hash}`);
    expect(detail.hash).toBe(hash);
    expect(detail).not.toHaveProperty('transactions_count');
    for (const list of [
      'tokens',
      'token-transfers',
      'transactions',
      'internal-transactions',
      'nft/collections',
      'withdrawals',
    ]) {
      const page = await json(`/addresses/${hash}/${list}`);
      expect(Array.isArray(page.items)).toBe(true);
      expect(page).toHaveProperty('next_page_params');
    }
    // has_* flags say whether the lists are empty.
    const nonEmpty = async (list: string) => ((await json(`/addresses/${hash}/${list}`)).items as unknown[]).length > 0;
    expect(detail.has_token_transfers).toBe(await nonEmpty('token-transfers'));
    expect(detail.has_tokens).toBe(await nonEmpty('tokens'));
    expect(detail.has_beacon_chain_withdrawals).toBe(await nonEmpty('withdrawals'));
  });

  it('serves contracts: verified, partially verified, twin, minimal proxy, vyper, self-destructed', async () => {
    const h = server.chain.handles;
    const full = await json(`/smart-contracts/${h.erc20Token}`);
    expect(full).toMatchObject({ is_verified: true, is_fully_verified: true, language: 'solidity' });
    expect(JSON.parse(full.abi as string)).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'transfer', type: 'function' })]),
    );
    expect(await json(`/smart-contracts/${h.partiallyVerifiedContract}`)).toMatchObject({
      is_verified: true,
      is_partially_verified: true,
      is_fully_verified: false,
    });
    expect(await json(`/smart-contracts/${h.verifiedTwinContract}`)).toMatchObject({
      is_verified: false,
      verified_twin_address_hash: h.oracle,
    });
    expect(await json(`/smart-contracts/${h.minimalProxy}`)).toMatchObject({
      minimal_proxy_address_hash: h.implementation,
    });
    expect(await json(`/smart-contracts/${h.vyperContract}`)).toMatchObject({ language: 'vyper' });
    expect(await json(`/smart-contracts/${h.selfDestructedContract}`)).toMatchObject({
      creation_status: 'selfdestructed',
    });
    const proxy = await json(`/addresses/${h.proxy}`);
    expect(proxy).toMatchObject({
      implementation_address: h.implementation,
      implementation_name: 'StakingPoolV1',
      is_contract: true,
    });
  });

  it('serves the edge-case transactions', async () => {
    const h = server.chain.handles;
    const find = async (hash: string) => {
      const t = server.chain.transactions.at(server.chain.transactionByHash.get(hash)!)!;
      const page = await json(`/blocks/${t.block}/transactions`);
      let items = page.items as Item[];
      let next = page.next_page_params as Item | null;
      while (!items.some((i) => i.hash === hash) && next) {
        const more = await json(
          `/blocks/${t.block}/transactions?${new URLSearchParams(Object.entries(next).map(([k, v]): [string, string] => [k, String(v)]))}`,
        );
        items = more.items as Item[];
        next = more.next_page_params as Item | null;
      }
      return items.find((i) => i.hash === hash)!;
    };
    expect(await find(h.failedTransaction!)).toMatchObject({
      status: 'error',
      revert_reason: expect.any(String),
      token_transfers: [],
    });
    expect(await find(h.contractCreationTransaction!)).toMatchObject({
      to: null,
      created_contract: { hash: h.vault },
      transaction_types: expect.arrayContaining(['contract_creation']),
    });
    expect(await find(h.tokenCreationTransaction!)).toMatchObject({
      transaction_types: expect.arrayContaining(['token_creation', 'token_transfer']),
    });
    expect(await find(h.legacyTransaction!)).toMatchObject({
      type: 0,
      max_fee_per_gas: null,
      max_priority_fee_per_gas: null,
    });
    expect(await find(h.largeBatchTransaction!)).toMatchObject({ token_transfers_overflow: true });
    expect(((await find(h.largeBatchTransaction!)).token_transfers as unknown[]).length).toBe(10);
    expect(await find(h.internalErrorTransaction!)).toMatchObject({
      status: 'ok',
      has_error_in_internal_transactions: true,
    });
    expect(await find(h.liquidationTransaction!)).toMatchObject({
      actions: [{ protocol: 'aave_v3', type: 'liquidation_call' }],
    });
    const erc20Call = await find(h.failedTransaction!);
    expect(erc20Call.decoded_input).toMatchObject({
      method_call: 'transfer(address to, uint256 amount)',
      method_id: '0xa9059cbb',
    });
    expect((erc20Call.raw_input as string).startsWith('0xa9059cbb')).toBe(true);
  });

  it('serves uncles and reorgs by hash', async () => {
    for (const handle of ['uncleBlock', 'reorgBlock', 'emptyBlock', 'blockWithUncle']) {
      const page = await json(`/blocks/${server.chain.handles[handle]}/transactions`);
      expect(Array.isArray(page.items)).toBe(true);
    }
    const uncles = (await json('/blocks?type=uncle')).items as Item[];
    expect(uncles.map((b) => b.hash)).toContain(server.chain.handles.uncleBlock);
    const withUncle = (await walk(get, '/blocks')).items.find(
      (b) => (b as Item).hash === server.chain.handles.blockWithUncle,
    ) as Item;
    expect(withUncle.uncles_hashes).toContain(server.chain.handles.uncleBlock);
  });
});

describe('pages over HTTP', () => {
  it.each([
    ['transactions', 'busyAddress'],
    ['token-transfers', 'busyAddress'],
    ['internal-transactions', 'vault'],
    ['withdrawals', 'withdrawalAddress'],
    ['tokens', 'busyAddress'],
  ])('walks %s of %s without gaps or repeats', async (list, handle) => {
    const hash = server.chain.handles[handle]!;
    const { items, pages } = await walk(get, `/addresses/${hash}/${list}`);
    const id = server.chain.accountByHash.get(hash.toLowerCase())!;
    const expected = {
      transactions: () => expectedTransactions(server.chain, id),
      'token-transfers': () => expectedTokenTransfers(server.chain, id),
      'internal-transactions': () => expectedInternalTransactions(server.chain, id),
      withdrawals: () => expectedWithdrawals(server.chain, id),
      tokens: () => server.chain.indexes.at(id)!.holdings,
    }[list]!();
    expect(items).toHaveLength(expected.length);
    // ERC-1155 batch items may repeat exactly (the spec's transfer has no token id), others may not.
    if (list !== 'token-transfers')
      expect(new Set((items as Item[]).map((i) => JSON.stringify(i))).size).toBe(items.length);
    expect(pages.at(-1)!.next).toBeNull();
    for (const page of pages.slice(0, -1)) expect(page.items.length).toBeGreaterThanOrEqual(50);
  });
});

describe('coherence across endpoints, through HTTP alone', () => {
  it("an address's transactions sit in their blocks at their positions", async () => {
    const { items } = await walk(get, `/addresses/${server.chain.handles.busyAddress}/transactions`);
    for (const t of (items as Item[]).filter((_, i) => i % 40 === 0)) {
      const block = await walk(get, `/blocks/${t.block_number}/transactions`);
      expect((block.items as Item[])[t.position as number]!.hash).toBe(t.hash);
    }
  });

  it("a block's transactions_count is what its transactions endpoint pages", async () => {
    const blocks = (await json('/blocks')).items as Item[];
    for (const b of blocks.slice(0, 8)) {
      const { items } = await walk(get, `/blocks/${b.hash}/transactions`);
      expect(items).toHaveLength(b.transactions_count as number);
    }
  });

  it('the address list total supply, in whole coins, is the sum of the balances it lists (in wei)', async () => {
    const { items, pages } = await walk(get, '/addresses');
    const supply = JSON.parse(pages[0]!.body).total_supply as string;
    expect(supply).toMatch(/^[1-9][0-9]*(\.[0-9]*[1-9])?$/);
    const [whole, fraction = ''] = supply.split('.');
    const total = BigInt(whole! + fraction.padEnd(18, '0'));
    expect((items as Item[]).reduce((sum, a) => sum + BigInt(a.coin_balance as string), 0n)).toBe(total);
    // Every page sends the same supply.
    for (const page of pages) expect(JSON.parse(page.body).total_supply).toBe(supply);
    for (const a of (items as Item[]).slice(0, 5))
      expect((await json(`/addresses/${a.hash}`)).coin_balance).toBe(a.coin_balance);
  });
});
