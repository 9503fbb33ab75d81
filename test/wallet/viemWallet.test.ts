import { erc20Abi, parseEther, type Chain as ViemChain } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type RunningServer, startServer } from '../../src/startServer.js';
import {
  KEY0,
  type MockPublicClient,
  type MockWalletClient,
  mockChain,
  publicClientOf,
  walletClientOf,
  walletScenarioFile,
} from './support.js';

type Json = Record<string, any>;
const DEAD = '0x000000000000000000000000000000000000dEaD';
const account = privateKeyToAccount(KEY0);
const file = walletScenarioFile();

interface Served {
  readonly server: RunningServer;
  readonly get: (path: string) => Promise<Json>;
  readonly tusd: `0x${string}`;
  readonly publicClient: MockPublicClient;
  readonly wallet: MockWalletClient;
}

/** A server on the wallet scenario, a viem chain for it, and its REST API. */
async function serve(automine: boolean): Promise<Served> {
  const server = await startServer({ scenario: file, seed: 1, cache: false, profile: 'blockscout', automine });
  const get = async (path: string): Promise<Json> => (await fetch(`${server.url}${path}`)).json() as Promise<Json>;
  const { node, handles } = await get('/__mock/scenario');
  const chain: ViemChain = mockChain(server.url, node.chainId);
  const tusd = (handles as Json[]).find((h) => h.name === 'TUSD')!.value as `0x${string}`;
  return {
    server,
    get,
    tusd,
    publicClient: publicClientOf(chain),
    wallet: walletClientOf(chain, account),
  };
}

/** Phoenix frames an address's topic hears. */
async function listen(server: RunningServer, address: string) {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/socket/v2/websocket?vsn=2.0.0`);
  const frames: [unknown, unknown, string, string, Json][] = [];
  ws.on('message', (data) => frames.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  ws.send(JSON.stringify(['1', '1', `addresses:${address.toLowerCase()}`, 'phx_join', {}]));
  const until = async (test: () => boolean) => {
    for (let i = 0; i < 300 && !test(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(test()).toBe(true);
  };
  await until(() => frames.length > 0);
  return { ws, frames, until };
}

describe('viem wallet flows, automine (the default)', () => {
  let s: Served;
  beforeAll(async () => {
    s = await serve(true);
  });
  afterAll(() => s.server.close());

  it('eth_accounts and /__mock/scenario name the test accounts, the first one alice', async () => {
    const accounts = await s.publicClient.request({ method: 'eth_accounts' } as never);
    expect((accounts as string[])[0]).toBe(account.address.toLowerCase());
    expect((accounts as string[]).length).toBe(10);
    const { node } = await s.get('/__mock/scenario');
    expect(node).toMatchObject({ sent: 0, automine: true });
    expect(node.accounts[0]).toBe(account.address);
  });

  it('sends ETH: confirmed at once, and every API shows it', async () => {
    const listener = await listen(s.server, account.address);
    const before = await s.publicClient.getBalance({ address: account.address });
    const head = await s.publicClient.getBlockNumber();
    const hash = await s.wallet.sendTransaction({ to: DEAD, value: parseEther('1.5') });
    const receipt = await s.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt).toMatchObject({ status: 'success', blockNumber: head + 1n, gasUsed: 21_000n });
    const after = await s.publicClient.getBalance({ address: account.address });
    expect(before - after).toBe(parseEther('1.5') + receipt.gasUsed * receipt.effectiveGasPrice);

    const rest = await s.get(`/api/v2/transactions/${hash}`);
    expect(rest).toMatchObject({
      hash,
      status: 'ok',
      result: 'success',
      value: parseEther('1.5').toString(),
      block_number: Number(head + 1n),
      from: { hash: account.address },
      to: { hash: DEAD },
      gas_used: '21000',
      type: 2,
    });
    expect((await s.get(`/api/v2/addresses/${account.address}`)).coin_balance).toBe(after.toString());
    expect((await s.get(`/api/v2/addresses/${DEAD}`)).coin_balance).toBe(
      (await s.publicClient.getBalance({ address: DEAD })).toString(),
    );
    // The activity list shows it first.
    expect((await s.get(`/api/v2/addresses/${account.address}/transactions`)).items[0].hash).toBe(hash);
    // The explorer's websocket pushed it to the sender's topic: pending, then mined.
    await listener.until(() =>
      listener.frames.some((f) => f[3] === 'transaction' && f[4].transactions?.[0]?.hash === hash),
    );
    expect(listener.frames.some((f) => f[3] === 'pending_transaction' && f[4].transactions[0].hash === hash)).toBe(
      true,
    );
    listener.ws.close();
  });

  it('sends an ERC-20 transfer with writeContract: its token transfer and both balances move', async () => {
    const hash = await s.wallet.writeContract({
      address: s.tusd,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [DEAD, 5_000_000n],
    });
    const receipt = await s.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(receipt.logs).toHaveLength(1);
    const transfers = (await s.get(`/api/v2/transactions/${hash}/token-transfers`)).items as Json[];
    expect(transfers.map((t) => [t.from.hash, t.to.hash, t.total.value])).toEqual([[account.address, DEAD, '5000000']]);
    const balanceOf = (who: `0x${string}`) =>
      s.publicClient.readContract({ address: s.tusd, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
    expect(await balanceOf(account.address)).toBe(995_000_000n);
    expect(await balanceOf(DEAD)).toBe(5_000_000n);
    const tokens = async (who: string) =>
      ((await s.get(`/api/v2/addresses/${who}/tokens?type=ERC-20`)).items as Json[]).find(
        (t) => t.token.address_hash === s.tusd,
      )?.value;
    expect(await tokens(account.address)).toBe('995000000');
    expect(await tokens(DEAD)).toBe('5000000');
    const rest = await s.get(`/api/v2/transactions/${hash}`);
    expect(rest.decoded_input.method_call).toBe('transfer(address to, uint256 amount)');
  });

  it('a failing transfer is mined with status error and its revert reason, in both APIs', async () => {
    const hash = await s.wallet.writeContract({
      address: s.tusd,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [DEAD, 10n ** 12n],
      gas: 100_000n,
    });
    const receipt = await s.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('reverted');
    const rest = await s.get(`/api/v2/transactions/${hash}`);
    expect(rest).toMatchObject({ status: 'error', result: 'execution reverted' });
    expect(rest.revert_reason.parameters[0].value).toBe('ERC20: transfer amount exceeds balance');
    // The node gives the same reason for the same call (as viem shows it before sending).
    await expect(
      s.publicClient.simulateContract({
        account,
        address: s.tusd,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [DEAD, 10n ** 12n],
      }),
    ).rejects.toThrow(/ERC20: transfer amount exceeds balance/);
    expect((await s.get('/__mock/scenario')).node.sent).toBe(3);
  });

  it('reset returns to the started chain', async () => {
    const started = await startServer({ scenario: file, seed: 1, cache: false, profile: 'blockscout' });
    try {
      const hash = await s.wallet.sendTransaction({ to: DEAD, value: 1n });
      expect((await fetch(`${s.server.url}/__mock/reset`, { method: 'POST' })).status).toBe(200);
      expect((await fetch(`${s.server.url}/api/v2/transactions/${hash}`)).status).toBe(404);
      expect((await s.get('/__mock/scenario')).node.sent).toBe(0);
      for (const path of [`/api/v2/addresses/${account.address}`, '/api/v2/blocks', `/api/v2/addresses/${DEAD}`])
        expect(await s.get(path)).toEqual(await (await fetch(`${started.url}${path}`)).json());
    } finally {
      await started.close();
    }
  });
});

describe('viem wallet flows, without automine', () => {
  let s: Served;
  beforeAll(async () => {
    s = await serve(false);
  });
  afterAll(() => s.server.close());

  it('a sent transaction is pending everywhere until a block is mined', async () => {
    const head = await s.publicClient.getBlockNumber();
    // The node's websocket: newPendingTransactions hears it as it is accepted, whole with `true`.
    const node = new WebSocket(`${s.server.url.replace('http', 'ws')}/rpc`);
    const heard: Json[] = [];
    node.on('message', (data) => heard.push(JSON.parse(String(data)) as Json));
    await new Promise((resolve, reject) => node.once('open', resolve).once('error', reject));
    node.send(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newPendingTransactions', true] }),
    );
    for (let i = 0; i < 200 && !heard.length; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    const hash = await s.wallet.sendTransaction({ to: DEAD, value: parseEther('2') });
    for (let i = 0; i < 200 && !heard.some((m) => m.params?.result?.hash === hash); i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const pushed = heard.find((m) => m.params?.result?.hash === hash)!.params.result as Json;
    // The same transaction the explorer lists as pending, and the node answers by hash.
    expect(pushed).toEqual(
      await s.publicClient.request({ method: 'eth_getTransactionByHash', params: [hash] } as never),
    );
    expect(pushed.blockNumber).toBeNull();
    node.close();
    const pending = await s.get(`/api/v2/transactions/${hash}`);
    expect(pending).toMatchObject({ hash, result: 'pending', block_number: null });
    expect(((await s.get('/api/v2/transactions?filter=pending')).items as Json[]).map((t) => t.hash)).toContain(hash);
    expect((await s.get(`/api/v2/addresses/${account.address}/transactions`)).items[0]).toMatchObject({
      hash,
      result: 'pending',
    });
    const byNode = await s.publicClient.getTransaction({ hash });
    expect(byNode.blockNumber).toBeNull();
    expect(await s.publicClient.getTransactionCount({ address: account.address, blockTag: 'pending' })).toBe(1);
    expect(await s.publicClient.getTransactionCount({ address: account.address })).toBe(0);

    const mined = (await (await fetch(`${s.server.url}/__mock/mine`, { method: 'POST' })).json()) as Json;
    expect(mined.head).toBe(Number(head) + 1);
    const receipt = await s.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.blockNumber).toBe(head + 1n);
    expect(await s.get(`/api/v2/transactions/${hash}`)).toMatchObject({
      result: 'success',
      block_number: Number(head) + 1,
    });
  });

  it('a nonce gap waits until it fills; both are mined in order', async () => {
    const nonce = await s.publicClient.getTransactionCount({ address: account.address, blockTag: 'pending' });
    const later = await s.wallet.sendTransaction({ to: DEAD, value: 2n, nonce: nonce + 1 });
    expect((await fetch(`${s.server.url}/api/v2/transactions/${later}`)).status).toBe(404);
    const first = await s.wallet.sendTransaction({ to: DEAD, value: 1n, nonce });
    const pending = ((await s.get('/api/v2/transactions?filter=pending')).items as Json[]).map((t) => t.hash);
    expect(pending).toEqual(expect.arrayContaining([first, later]));
    await fetch(`${s.server.url}/__mock/mine`, { method: 'POST' });
    const [a, b] = await Promise.all([
      s.publicClient.getTransactionReceipt({ hash: first }),
      s.publicClient.getTransactionReceipt({ hash: later }),
    ]);
    expect(a.blockNumber).toBe(b.blockNumber);
    expect(a.transactionIndex + 1).toBe(b.transactionIndex);
  });
});
