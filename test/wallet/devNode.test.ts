import {
  encodeFunctionData,
  createTestClient,
  getContractAddress,
  http,
  parseEther,
  type Abi,
  type Chain as ViemChain,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { artifact } from '../evm/harness.js';
import { agreementViolations } from '../support/agreementLaws.js';
import { chainViolations } from '../support/chainLaws.js';
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
const account = privateKeyToAccount(KEY0);
const counter = artifact('Counter');
const abi = counter.abi as Abi;
const STRANGER = '0x00000000000000000000000000000000c0ffee01';

/** The cheat codes test suites rely on (viem's test actions, Anvil's and Hardhat's names), against a real server. */
describe('a dev node’s cheat codes, each shown by every API and undone by reset', () => {
  let server: RunningServer;
  let chain: ViemChain;
  let publicClient: MockPublicClient;
  let wallet: MockWalletClient;
  let anvil: ReturnType<typeof createTestClient>;
  let hardhat: ReturnType<typeof createTestClient>;
  const get = async (path: string): Promise<Json> => (await fetch(`${server.url}${path}`)).json() as Promise<Json>;
  const rpc = async (method: string, params: unknown[]): Promise<Json> =>
    (await fetch(`${server.url}/rpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    }).then((r) => r.json())) as Json;
  const lawsHold = async () => {
    const broken = chainViolations(server.chain);
    expect(broken, broken.join('\n')).toEqual([]);
    const agreement = await agreementViolations((request) =>
      fetch(request.url.replace('http://mock', server.url), request),
    );
    expect(agreement.violations, agreement.violations.join('\n')).toEqual([]);
  };

  beforeAll(async () => {
    server = await startServer({ scenario: walletScenarioFile(), seed: 1, cache: false, profile: 'blockscout' });
    const { node } = await get('/__mock/scenario');
    chain = mockChain(server.url, node.chainId);
    publicClient = publicClientOf(chain, { cacheTime: 0 });
    wallet = walletClientOf(chain, account);
    anvil = createTestClient({ chain, mode: 'anvil', transport: http() });
    hardhat = createTestClient({ chain, mode: 'hardhat', transport: http() });
  });
  afterEach(async () => {
    await fetch(`${server.url}/__mock/reset`, { method: 'POST', headers: { 'content-type': 'application/json' } });
  });
  afterAll(() => server.close());

  it('evm_snapshot and evm_revert: a deployment and its calls gone, the same signed transaction taken again', async () => {
    const head = await publicClient.getBlockNumber();
    const id = await anvil.snapshot();
    const request = await wallet.prepareTransactionRequest({
      account,
      chain,
      data: counter.bytecode as Hex,
      gas: 1_000_000n,
    });
    const signed = await wallet.signTransaction(request as never);
    const hash = await publicClient.sendRawTransaction({ serializedTransaction: signed });
    const address = (await publicClient.waitForTransactionReceipt({ hash })).contractAddress!;
    await wallet.writeContract({ address, abi, functionName: 'increment', chain, account });
    expect(await publicClient.getBlockNumber()).toBe(head + 2n);
    await anvil.revert({ id });
    expect(await publicClient.getBlockNumber()).toBe(head);
    expect(await publicClient.getCode({ address })).toBeUndefined();
    expect((await fetch(`${server.url}/api/v2/transactions/${hash}`)).status).toBe(404);
    expect(await rpc('evm_revert', [id])).toMatchObject({ result: false }); // a snapshot is used once
    // The same bytes again: a new transaction on the chain as it was, run again.
    expect(await publicClient.sendRawTransaction({ serializedTransaction: signed })).toBe(hash);
    expect((await publicClient.waitForTransactionReceipt({ hash })).contractAddress).toBe(address);
    expect(await publicClient.readContract({ address, abi, functionName: 'count' })).toBe(0n);
    // Mined on after a revert: the chain laws and the APIs' agreement hold.
    await wallet.writeContract({ address, abi, functionName: 'increment', chain, account });
    await lawsHold();
  });

  it('anvil_setBalance and hardhat_setBalance: the node and the explorer show the balance, the laws its history', async () => {
    await anvil.setBalance({ address: STRANGER, value: parseEther('12.5') });
    expect(await publicClient.getBalance({ address: STRANGER })).toBe(parseEther('12.5'));
    const shown = await get(`/api/v2/addresses/${STRANGER}`);
    expect(shown.coin_balance).toBe(parseEther('12.5').toString());
    await hardhat.setBalance({ address: account.address, value: 7n });
    expect(await publicClient.getBalance({ address: account.address })).toBe(7n);
    // Spending what was set: a funded stranger sends, impersonated.
    await anvil.impersonateAccount({ address: STRANGER });
    const hash = await wallet.sendTransaction({
      account: STRANGER,
      chain,
      to: account.address,
      value: parseEther('1'),
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    expect(receipt).toMatchObject({ status: 'success', from: STRANGER });
    expect(await publicClient.getBalance({ address: account.address })).toBe(7n + parseEther('1'));
    expect(await get(`/api/v2/transactions/${hash}`)).toMatchObject({ from: { hash: expect.any(String) } });
    await anvil.stopImpersonatingAccount({ address: STRANGER });
    await expect(wallet.sendTransaction({ account: STRANGER, chain, to: account.address, value: 1n })).rejects.toThrow(
      /unknown account/,
    );
    await lawsHold();
  });

  it('anvil_setCode and anvil_setStorageAt: code that runs, storage it reads, at any address', async () => {
    const address = '0x00000000000000000000000000000000c0de0001';
    await anvil.setCode({ address, bytecode: counter.deployedBytecode as Hex });
    expect(await publicClient.getCode({ address })).toBe(counter.deployedBytecode);
    expect(await publicClient.readContract({ address, abi, functionName: 'count' })).toBe(0n);
    await anvil.setStorageAt({ address, index: 0, value: `0x${'2a'.padStart(64, '0')}` });
    expect(await publicClient.readContract({ address, abi, functionName: 'count' })).toBe(42n);
    await wallet.writeContract({ address, abi, functionName: 'increment', chain, account });
    expect(await publicClient.readContract({ address, abi, functionName: 'count' })).toBe(43n);
    // A transaction that only reads the count (underflow(), sent: it reverts). A later cheat code
    // does not change what it ran on: run again for its trace, it loads 43, not 7.
    const read = await wallet.sendTransaction({
      account,
      chain,
      to: address,
      data: encodeFunctionData({ abi, functionName: 'underflow' }),
      gas: 100_000n,
    });
    await publicClient.waitForTransactionReceipt({ hash: read });
    await anvil.setStorageAt({ address, index: 0, value: `0x${'7'.padStart(64, '0')}` });
    await anvil.mine({ blocks: 1 });
    const { structLogs } = (await rpc('debug_traceTransaction', [read])).result as {
      structLogs: { op: string; storage?: Record<string, string> }[];
    };
    const loaded = structLogs.filter((step) => step.op === 'SLOAD').map((step) => step.storage?.['0'.repeat(64)]);
    expect(loaded).toEqual(['2b'.padStart(64, '0')]);
    await anvil.setStorageAt({ address, index: 0, value: `0x${'2b'.padStart(64, '0')}` });
    expect(await get(`/api/v2/addresses/${address}`)).toMatchObject({ is_contract: true });
    // A contract the mock models has no bytecode of its own to replace.
    const { handles } = await get('/__mock/scenario');
    const tusd = (handles as Json[]).find((h) => h.name === 'TUSD')!.value;
    expect(await rpc('anvil_setCode', [tusd, '0x00'])).toMatchObject({ error: { code: -32000 } });
    await lawsHold();
  });

  it('the clock: evm_increaseTime, evm_setNextBlockTimestamp, evm_mine with a time, mining several blocks', async () => {
    const head = await publicClient.getBlock();
    await anvil.increaseTime({ seconds: 3600 });
    await anvil.mine({ blocks: 1 });
    const later = await publicClient.getBlock();
    expect(later.number).toBe(head.number + 1n);
    expect(later.timestamp - head.timestamp).toBeGreaterThanOrEqual(3600n);
    const next = later.timestamp + 1000n;
    await anvil.setNextBlockTimestamp({ timestamp: next });
    await wallet.sendTransaction({ account, chain, to: STRANGER, value: 1n });
    expect((await publicClient.getBlock()).timestamp).toBe(next);
    expect(await rpc('evm_setNextBlockTimestamp', [Number(next)])).toMatchObject({
      error: { code: -32000, message: expect.stringMatching(/lower than or equal to previous block's timestamp/) },
    });
    expect(await rpc('evm_mine', [Number(next) + 50])).toMatchObject({ result: '0x0' });
    expect((await publicClient.getBlock()).timestamp).toBe(next + 50n);
    await hardhat.mine({ blocks: 5, interval: 2 });
    const last = await publicClient.getBlock();
    expect(last.timestamp).toBe(next + 50n + 10n);
    expect((await get('/api/v2/main-page/blocks'))[0].height).toBe(Number(last.number));
    await lawsHold();
  });

  it('reset undoes every cheat code', async () => {
    const before = await publicClient.getBalance({ address: account.address });
    await anvil.setBalance({ address: account.address, value: 1n });
    await anvil.impersonateAccount({ address: STRANGER });
    await fetch(`${server.url}/__mock/reset`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(await publicClient.getBalance({ address: account.address })).toBe(before);
    expect(await rpc('eth_sendTransaction', [{ from: STRANGER, to: account.address }])).toMatchObject({
      error: { code: -32000 },
    });
  });

  it('hardhat_reset and anvil_reset (viem’s reset) do what POST /__mock/reset does; a fork is refused', async () => {
    const head = await publicClient.getBlockNumber();
    const before = await publicClient.getBalance({ address: account.address });
    for (const client of [anvil, hardhat]) {
      await client.setBalance({ address: account.address, value: 1n });
      await client.mine({ blocks: 2 });
      await client.reset();
      expect([
        await publicClient.getBlockNumber(),
        await publicClient.getBalance({ address: account.address }),
      ]).toEqual([head, before]);
    }
    expect(await rpc('hardhat_reset', [])).toMatchObject({ result: true });
    // A batch answers each request from the chain as the ones before it left it.
    const batch = (await (
      await fetch(`${server.url}/rpc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([
          { jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] },
          { jsonrpc: '2.0', id: 2, method: 'eth_blockNumber', params: [] },
          { jsonrpc: '2.0', id: 3, method: 'hardhat_reset', params: [] },
          { jsonrpc: '2.0', id: 4, method: 'eth_blockNumber', params: [] },
        ]),
      })
    ).json()) as Json[];
    expect(batch.map((a) => a.result)).toEqual([
      '0x0',
      `0x${(head + 1n).toString(16)}`,
      true,
      `0x${head.toString(16)}`,
    ]);
    expect(await rpc('anvil_reset', [{ forking: { jsonRpcUrl: 'https://eth.example' } }])).toMatchObject({
      error: { code: -32000, message: expect.stringContaining('forks no network') },
    });
    expect(await rpc('hardhat_reset', ['fork'])).toMatchObject({ error: { code: -32602 } });
  });

  it('evm_setAutomine: sends batched into one block (a deployment and its call among them), automine back on, a reset returns to the server’s setting', async () => {
    await anvil.setAutomine(false);
    expect(await hardhat.getAutomine()).toBe(false);
    expect((await get('/__mock/scenario')).node).toMatchObject({ automine: false, sent: 0 });
    const head = await publicClient.getBlockNumber();
    const nonce = await publicClient.getTransactionCount({ address: account.address, blockTag: 'pending' });
    const deployment = await wallet.deployContract({ abi, bytecode: counter.bytecode as Hex, gas: 1_000_000n });
    const address = getContractAddress({ from: account.address, nonce: BigInt(nonce) });
    const call = await wallet.writeContract({ address, abi, functionName: 'increment', chain, account, gas: 200_000n });
    const transfer = await wallet.sendTransaction({ chain, account, to: STRANGER, value: 1n });
    expect(await publicClient.getBlockNumber()).toBe(head);
    await anvil.mine({ blocks: 1 });
    const receipts = await Promise.all(
      [deployment, call, transfer].map((hash) => publicClient.getTransactionReceipt({ hash })),
    );
    expect((await get('/__mock/scenario')).node).toMatchObject({ automine: false, sent: 3 });
    expect(receipts.map((r) => [r.status, r.blockNumber])).toEqual([
      ['success', head + 1n],
      ['success', head + 1n],
      ['success', head + 1n],
    ]);
    expect(await publicClient.readContract({ address, abi, functionName: 'count' })).toBe(1n);
    // Back on: the next send is mined at once.
    expect(await rpc('evm_setAutomine', [true])).toMatchObject({ result: true });
    expect(await rpc('anvil_setAutomine', ['yes'])).toMatchObject({ error: { code: -32602 } });
    const next = await wallet.writeContract({ address, abi, functionName: 'increment', chain, account });
    expect((await publicClient.getTransactionReceipt({ hash: next })).blockNumber).toBe(head + 2n);
    await lawsHold();
    expect(await rpc('anvil_setAutomine', [false])).toMatchObject({ result: null });
    await fetch(`${server.url}/__mock/reset`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(await anvil.getAutomine()).toBe(true);
  });

  it('hardhat_metadata, anvil_metadata and the automine flag, as Hardhat Ignition reads them; a reset is a new instance', async () => {
    expect(await anvil.getAutomine()).toBe(true);
    expect(await hardhat.getAutomine()).toBe(true);
    const head = await publicClient.getBlock();
    const { result: first } = await rpc('hardhat_metadata', []);
    expect(first).toEqual({
      clientVersion: expect.stringMatching(/^explorer-mock\/v\d/),
      chainId: chain.id,
      instanceId: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      latestBlockNumber: Number(head.number),
      latestBlockHash: head.hash,
    });
    const id = await anvil.snapshot();
    expect((await rpc('anvil_metadata', [])).result).toEqual({
      ...first,
      forkedNetwork: null,
      snapshots: { [id]: [Number(head.number), head.hash] },
    });
    // The same run until a reset (a snapshot, a mined block, a revert do not change it), a new one after.
    await anvil.mine({ blocks: 1 });
    await anvil.revert({ id });
    expect((await rpc('hardhat_metadata', [])).result.instanceId).toBe(first.instanceId);
    await fetch(`${server.url}/__mock/reset`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    const after = (await rpc('hardhat_metadata', [])).result;
    expect(after.instanceId).not.toBe(first.instanceId);
    const anvilAfter = (await rpc('anvil_metadata', [])).result;
    expect([anvilAfter.instanceId, anvilAfter.snapshots]).toEqual([after.instanceId, {}]);
    // Not drawn: two servers of one scenario and seed are the same instance, after as many resets.
    const instanceOf = async (url: string) => {
      const response = await fetch(`${url}/rpc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'hardhat_metadata', params: [] }),
      });
      return ((await response.json()) as Json).result.instanceId as string;
    };
    const twins = async () =>
      startServer({ scenario: walletScenarioFile(), seed: 1, cache: false, profile: 'blockscout' });
    const [one, two] = [await twins(), await twins()];
    try {
      const fresh = await instanceOf(one.url);
      expect(await instanceOf(two.url)).toBe(fresh);
      one.reset();
      expect(await instanceOf(one.url)).not.toBe(fresh);
      two.reset();
      expect(await instanceOf(two.url)).toBe(await instanceOf(one.url));
    } finally {
      await one.close();
      await two.close();
    }
    expect(await rpc('hardhat_metadata', [1])).toMatchObject({ error: { code: -32602 } });
  });
});
