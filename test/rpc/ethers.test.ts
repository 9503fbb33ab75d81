import { Contract, getAddress, JsonRpcProvider, WebSocketProvider, id } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/startServer.js';

type Json = Record<string, any>;

let server: RunningServer;
const get = async (path: string): Promise<Json> => (await fetch(`${server.url}${path}`)).json() as Promise<Json>;
const handle = (name: string) => server.chain.handles[name]!;

const ERC20 = [
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
];

beforeAll(async () => {
  server = await startServer({ scenario: 'tiny', seed: 2, cache: false, profile: 'blockscout' });
});
afterAll(() => server.close());

/** What both providers answer the same way, each checked against the REST API. */
async function reads(provider: JsonRpcProvider | WebSocketProvider) {
  expect((await provider.getNetwork()).chainId).toBe(31337n);
  const rest = await get('/api/v2/blocks/12');
  const block = (await provider.getBlock(12))!;
  expect(block.hash).toBe(rest.hash);
  expect(block.timestamp).toBe(Date.parse(rest.timestamp) / 1000);
  expect(block.miner).toBe(getAddress(rest.miner.hash));
  expect(block.transactions).toHaveLength(rest.transactions_count);
  const whale = handle('whale');
  expect(await provider.getBalance(whale)).toBe(BigInt((await get(`/api/v2/addresses/${whale}`)).coin_balance));
  const token = handle('erc20Token');
  const logs = await provider.getLogs({
    address: token,
    topics: [id('Transfer(address,address,uint256)')],
    fromBlock: 0,
  });
  const transfers: Json[] = [];
  for (let params = ''; ; ) {
    const page = await get(`/api/v2/tokens/${token}/transfers${params}`);
    transfers.push(...page.items);
    if (!page.next_page_params) break;
    params = `?${new URLSearchParams(page.next_page_params)}`;
  }
  expect(logs.map((l) => `${l.transactionHash}:${l.index}`).sort()).toEqual(
    transfers.map((t) => `${t.transaction_hash}:${t.log_index}`).sort(),
  );
  const contract = new Contract(token, ERC20, provider);
  const detail = await get(`/api/v2/tokens/${token}`);
  expect(await contract.getFunction('name')()).toBe(detail.name);
  expect(await contract.getFunction('symbol')()).toBe(detail.symbol);
  expect(await contract.getFunction('decimals')()).toBe(BigInt(detail.decimals));
  expect(await contract.getFunction('totalSupply')()).toBe(BigInt(detail.total_supply));
  for (const holder of ((await get(`/api/v2/tokens/${token}/holders`)).items as Json[]).slice(0, 5))
    expect(await contract.getFunction('balanceOf')(holder.address.hash)).toBe(BigInt(holder.value));
}

/** Mines `n` blocks once `provider` listens for blocks; resolves to the block numbers it heard. */
async function heardBlocks(provider: JsonRpcProvider | WebSocketProvider, n: number): Promise<number[]> {
  const heard: number[] = [];
  await provider.on('block', (number: number) => heard.push(number));
  // The provider starts listening (a subscription, or its first poll) before the blocks come.
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (let k = 0; k < n; k++) {
    await server.mine(1);
    for (let i = 0; i < 100 && heard.length <= k; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await provider.removeAllListeners('block');
  // A request answered after its eth_unsubscribe (a socket answers in order): nothing is left in flight.
  await provider.getBlockNumber();
  return heard;
}

describe('ethers v6', () => {
  it('JsonRpcProvider: blocks, balances, logs, a Contract’s views; on("block") by polling', async () => {
    const provider = new JsonRpcProvider(`${server.url}/rpc`, undefined, { pollingInterval: 50 });
    try {
      await reads(provider);
      const head = server.chain.headHeight;
      expect(await heardBlocks(provider, 2)).toEqual([head + 1, head + 2]);
    } finally {
      provider.destroy();
    }
  });

  it('WebSocketProvider: the same reads; on("block") by a newHeads subscription', async () => {
    const provider = new WebSocketProvider(`${server.url.replace('http', 'ws')}/rpc`);
    try {
      await reads(provider);
      const head = server.chain.headHeight;
      expect(await heardBlocks(provider, 2)).toEqual([head + 1, head + 2]);
    } finally {
      await provider.destroy();
    }
  });
});
