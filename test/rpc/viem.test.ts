import {
  type Chain as ViemChain,
  createPublicClient,
  defineChain,
  erc20Abi,
  erc721Abi,
  getAddress,
  http,
  parseAbi,
  parseAbiItem,
  webSocket,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/startServer.js';

type Json = Record<string, any>;

let server: RunningServer;
let chain: ViemChain;
/** Typed by inference: annotated as `PublicClient`, the assignment cost the type check 2.5 s. */
const clientOf = (chain: ViemChain) => createPublicClient({ chain, transport: http() });
let client: ReturnType<typeof clientOf>;
const get = async (path: string): Promise<Json> => (await fetch(`${server.url}${path}`)).json() as Promise<Json>;

beforeAll(async () => {
  server = await startServer({ scenario: 'tiny', seed: 1, cache: false, profile: 'blockscout' });
  const { node } = await get('/__mock/scenario');
  // As a dApp declares the mock's chain: its id, its node, and Multicall3 where every chain has it.
  chain = defineChain({
    id: node.chainId,
    name: 'explorer-mock',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [`${server.url}/rpc`], webSocket: [`${server.url.replace('http', 'ws')}/rpc`] } },
    contracts: { multicall3: { address: '0xcA11bde05977b3631167028862bE2a173976CA11' } },
  });
  client = clientOf(chain);
});
afterAll(() => server.close());

const handle = (name: string) => server.chain.handles[name] as `0x${string}`;

describe('viem over http, each answer checked against the REST API', () => {
  it('getChainId and getBlockNumber', async () => {
    expect(await client.getChainId()).toBe(31337);
    expect(await client.getBlockNumber()).toBe(BigInt((await get('/__mock/scenario')).headHeight));
  });

  it('getBlock by number, by hash, latest, with transactions', async () => {
    const rest = await get('/api/v2/blocks/20');
    const block = await client.getBlock({ blockNumber: 20n });
    expect(block.hash).toBe(rest.hash);
    expect(block.parentHash).toBe(rest.parent_hash);
    expect(block.timestamp).toBe(BigInt(Date.parse(rest.timestamp) / 1000));
    expect(block.gasUsed).toBe(BigInt(rest.gas_used));
    expect(block.baseFeePerGas).toBe(BigInt(rest.base_fee_per_gas));
    expect(block.transactions).toHaveLength(rest.transactions_count);
    expect((await client.getBlock({ blockHash: rest.hash })).number).toBe(20n);
    const latest = await client.getBlock({ blockTag: 'latest', includeTransactions: true });
    const restLatest = await get(`/api/v2/blocks/${latest.number}`);
    expect(latest.hash).toBe(restLatest.hash);
    expect(latest.transactions.map((t) => t.hash).sort()).toEqual(
      (await get(`/api/v2/blocks/${latest.number}/transactions`)).items.map((t: Json) => t.hash).sort(),
    );
  });

  it('getTransaction and getTransactionReceipt, logs included', async () => {
    const hash = handle('erc1155BatchTransaction');
    const rest = await get(`/api/v2/transactions/${hash}`);
    const tx = await client.getTransaction({ hash });
    // viem passes the node's lower-case addresses through.
    expect(tx.from).toBe(rest.from.hash.toLowerCase());
    expect(tx.to).toBe(rest.to.hash.toLowerCase());
    expect(tx.value).toBe(BigInt(rest.value));
    expect(tx.nonce).toBe(rest.nonce);
    expect(tx.input).toBe(rest.raw_input);
    expect(tx.blockNumber).toBe(BigInt(rest.block_number));
    const receipt = await client.getTransactionReceipt({ hash });
    expect(receipt.status).toBe(rest.status === 'ok' ? 'success' : 'reverted');
    expect(receipt.gasUsed * receipt.effectiveGasPrice).toBe(BigInt(rest.fee.value));
    const logs = (await get(`/api/v2/transactions/${hash}/logs`)).items as Json[];
    expect(receipt.logs.length).toBeGreaterThan(0);
    expect(receipt.logs.map((l) => [l.logIndex, l.address, l.data])).toEqual(
      logs.sort((a, b) => a.index - b.index).map((l) => [l.index, l.address.hash.toLowerCase(), l.data]),
    );
  });

  it('getBalance now and at a block of the coin balance history', async () => {
    const whale = handle('whale');
    expect(await client.getBalance({ address: whale })).toBe(
      BigInt((await get(`/api/v2/addresses/${whale}`)).coin_balance),
    );
    const [entry] = (await get(`/api/v2/addresses/${whale}/coin-balance-history`)).items.slice(-1) as Json[];
    expect(await client.getBalance({ address: whale, blockNumber: BigInt(entry!.block_number) })).toBe(
      BigInt(entry!.value),
    );
  });

  it('getLogs of an ERC-20 Transfer event, decoded with parseAbiItem, are its token transfers', async () => {
    const token = handle('erc20Token');
    const logs = await client.getLogs({
      address: token,
      event: parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)'),
      fromBlock: 0n,
      toBlock: 'latest',
    });
    const transfers = [] as Json[];
    let params = '';
    for (;;) {
      const page = await get(`/api/v2/tokens/${token}/transfers${params}`);
      transfers.push(...page.items);
      if (!page.next_page_params) break;
      params = `?${new URLSearchParams(page.next_page_params)}`;
    }
    expect(logs.length).toBe(transfers.length);
    const key = (from: string, to: string, value: bigint | string, hash: string) =>
      `${hash}:${from.toLowerCase()}:${to.toLowerCase()}:${value}`;
    expect(logs.map((l) => key(l.args.from!, l.args.to!, l.args.value!, l.transactionHash)).sort()).toEqual(
      transfers.map((t) => key(t.from.hash, t.to.hash, t.total.value, t.transaction_hash)).sort(),
    );
  });

  it('readContract and multicall (through Multicall3) answer what the token pages show', async () => {
    const token = handle('erc20Token');
    const rest = await get(`/api/v2/tokens/${token}`);
    const [holder] = (await get(`/api/v2/tokens/${token}/holders`)).items as Json[];
    expect(await client.readContract({ address: token, abi: erc20Abi, functionName: 'symbol' })).toBe(rest.symbol);
    expect(
      await client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [holder!.address.hash],
      }),
    ).toBe(BigInt(holder!.value));
    const nft = handle('erc721Token');
    const [instance] = (await get(`/api/v2/tokens/${nft}/instances`)).items as Json[];
    const results = await client.multicall({
      contracts: [
        { address: token, abi: erc20Abi, functionName: 'name' },
        { address: token, abi: erc20Abi, functionName: 'decimals' },
        { address: token, abi: erc20Abi, functionName: 'totalSupply' },
        { address: nft, abi: erc721Abi, functionName: 'ownerOf', args: [BigInt(instance!.id)] },
        // A view the ledger holds no value for fails alone, with the node's reason, as allowFailure lets it.
        {
          address: handle('vyperContract'),
          abi: parseAbi(['function deposits(address) view returns (uint256)']),
          functionName: 'deposits',
          args: [handle('whale')],
        },
      ],
    });
    expect(results.slice(0, 4)).toEqual([
      { status: 'success', result: rest.name },
      { status: 'success', result: Number(rest.decimals) },
      { status: 'success', result: BigInt(rest.total_supply) },
      { status: 'success', result: getAddress(instance!.owner.hash) },
    ]);
    expect(results[4]!.status).toBe('failure');
    expect(String(results[4]!.error)).toContain('explorer-mock does not model Escrow.deposits');
    // Required, it fails the whole call with the same reason.
    await expect(
      client.multicall({
        allowFailure: false,
        contracts: [
          { address: token, abi: erc20Abi, functionName: 'name' },
          {
            address: handle('vyperContract'),
            abi: parseAbi(['function deposits(address) view returns (uint256)']),
            functionName: 'deposits',
            args: [handle('whale')],
          },
        ],
      }),
    ).rejects.toThrow(/does not model Escrow\.deposits/);
  });

  it('getCode is the deployed bytecode; getStorageAt reads a proxy’s EIP-1967 implementation', async () => {
    const token = handle('erc20Token');
    expect(await client.getCode({ address: token })).toBe(
      (await get(`/api/v2/smart-contracts/${token}`)).deployed_bytecode,
    );
    expect(await client.getCode({ address: handle('whale') })).toBeUndefined();
    const proxy = handle('proxy');
    const slot = await client.getStorageAt({
      address: proxy,
      slot: '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc',
    });
    const [implementation] = (await get(`/api/v2/addresses/${proxy}`)).implementations as Json[];
    expect(getAddress(`0x${slot!.slice(-40)}`)).toBe(getAddress(implementation!.address_hash));
  });
});

describe('viem over the websocket', () => {
  it('answers the same reads, and watchBlocks and watchContractEvent hear what is mined', async () => {
    const ws = createPublicClient({ chain, transport: webSocket() });
    try {
      expect(await ws.getBlockNumber()).toBe(await client.getBlockNumber());
      expect(await ws.getBlock({ blockNumber: 7n })).toEqual(await client.getBlock({ blockNumber: 7n }));
      const head = await ws.getBlockNumber();
      const blocks: bigint[] = [];
      const hashes: string[] = [];
      const transfers: string[] = [];
      const unwatchBlocks = ws.watchBlocks({
        onBlock: (block) => {
          blocks.push(block.number!);
          hashes.push(block.hash!);
        },
      });
      const unwatchEvents = ws.watchContractEvent({
        abi: erc20Abi,
        eventName: 'Transfer',
        onLogs: (logs) => transfers.push(...logs.map((l) => `${l.transactionHash}:${l.logIndex}`)),
      });
      // Subscriptions are made when the watchers start; give them a moment before mining.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await server.mine(3);
      for (let i = 0; i < 100 && blocks.length < 3; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      unwatchBlocks();
      unwatchEvents();
      expect(blocks).toEqual([head + 1n, head + 2n, head + 3n]);
      for (const [k, hash] of hashes.entries())
        expect(hash).toBe((await get(`/api/v2/blocks/${head + BigInt(k) + 1n}`)).hash);
      const expected = await client.getLogs({
        event: parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)'),
        fromBlock: head + 1n,
        toBlock: head + 3n,
      });
      expect(expected.length).toBeGreaterThan(0);
      expect(transfers).toEqual(expected.map((l) => `${l.transactionHash}:${l.logIndex}`));
    } finally {
      await ws.transport.getRpcClient().then((c) => c.close());
    }
  });
});
