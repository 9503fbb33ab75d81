import { ContractFactory, JsonRpcProvider, Wallet } from 'ethers';
import { BaseError, ContractFunctionRevertedError, type Abi, type Chain as ViemChain, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifact } from '../evm/harness.js';
import { type RunningServer, startServer } from '../../src/startServer.js';
import {
  KEY0,
  KEY1,
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
const token = artifact('Token');

/**
 * A dApp team's first day, against a real server (its executor the EVM's, loaded on the first
 * send): deploy, write, read, watch events, fail, with viem and ethers; then the explorer's view.
 */
describe('contracts deployed and called through the node, with viem and ethers', () => {
  let server: RunningServer;
  let publicClient: MockPublicClient;
  let wallet: MockWalletClient;
  let chain: ViemChain;
  const get = async (path: string): Promise<Json> => (await fetch(`${server.url}${path}`)).json() as Promise<Json>;

  beforeAll(async () => {
    server = await startServer({ scenario: walletScenarioFile(), seed: 1, cache: false, profile: 'blockscout' });
    const { node } = await get('/__mock/scenario');
    chain = mockChain(server.url, node.chainId);
    publicClient = publicClientOf(chain, { pollingInterval: 50 });
    wallet = walletClientOf(chain, account);
  });
  afterAll(() => server.close());

  it('viem: deployContract, writeContract, readContract, events, and the explorer shows each effect', async () => {
    const abi = counter.abi as Abi;
    const deployHash = await wallet.deployContract({ abi, bytecode: counter.bytecode as Hex, chain, account });
    const deployed = await publicClient.waitForTransactionReceipt({ hash: deployHash });
    expect(deployed.status).toBe('success');
    const address = deployed.contractAddress!;
    expect(address).toMatch(/^0x[0-9a-f]{40}$/); // lower-case, as geth writes it
    expect(await publicClient.getCode({ address })).toBe(counter.deployedBytecode);

    const events: unknown[] = [];
    const unwatch = publicClient.watchContractEvent({
      address,
      abi,
      eventName: 'Incremented',
      onLogs: (logs) => events.push(...logs),
    });
    const { request } = await publicClient.simulateContract({ address, abi, functionName: 'increment', account });
    const hash = await wallet.writeContract(request);
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(receipt.logs).toHaveLength(1);
    expect(await publicClient.readContract({ address, abi, functionName: 'count' })).toBe(1n);
    expect(await publicClient.readContract({ address, abi, functionName: 'byUser', args: [account.address] })).toBe(1n);
    for (let i = 0; i < 100 && events.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    unwatch();
    expect(events).toMatchObject([{ eventName: 'Incremented', args: { by: account.address, count: 1n } }]);
    // Storage slot 0 is `count`.
    expect(await publicClient.getStorageAt({ address, slot: '0x0' })).toBe(`0x${'1'.padStart(64, '0')}`);

    // The explorer: the contract, its creation, the call and its log.
    const shown = await get(`/api/v2/addresses/${address}`);
    expect(shown).toMatchObject({
      is_contract: true,
      creation_transaction_hash: deployHash,
      creator_address_hash: account.address,
    });
    const tx = await get(`/api/v2/transactions/${hash}`);
    expect(tx).toMatchObject({ status: 'ok', gas_used: receipt.gasUsed.toString() });
    expect(tx.to.hash.toLowerCase()).toBe(address);
    const logs = await get(`/api/v2/transactions/${hash}/logs`);
    expect(logs.items).toHaveLength(1);
    expect(logs.items[0]).toMatchObject({ data: receipt.logs[0]!.data });
    expect(logs.items[0].address.hash.toLowerCase()).toBe(address);
  });

  it('viem: reverts carry the contract’s own errors, in a simulation and when mined', async () => {
    const abi = counter.abi as Abi;
    const hash = await wallet.deployContract({ abi, bytecode: counter.bytecode as Hex, chain, account });
    const address = (await publicClient.waitForTransactionReceipt({ hash })).contractAddress!;
    const revertOf = async (functionName: string, args: readonly unknown[] = []) => {
      try {
        await publicClient.simulateContract({ address, abi, functionName, args, account });
      } catch (error) {
        const revert = (error as BaseError).walk((e) => e instanceof ContractFunctionRevertedError);
        return revert as ContractFunctionRevertedError;
      }
      throw new Error(`${functionName} did not revert`);
    };
    expect((await revertOf('add', [101n])).data).toMatchObject({ errorName: 'TooBig', args: [101n] });
    expect((await revertOf('fail')).reason).toBe('nope');
    expect((await revertOf('underflow')).data).toMatchObject({ errorName: 'Panic', args: [0x11n] });
    // Mined anyway (a wallet may skip the simulation): the receipt fails, the explorer says why.
    const failed = await wallet.writeContract({ address, abi, functionName: 'fail', chain, account, gas: 100_000n });
    expect((await publicClient.waitForTransactionReceipt({ hash: failed })).status).toBe('reverted');
    expect(await get(`/api/v2/transactions/${failed}`)).toMatchObject({
      status: 'error',
      result: 'execution reverted',
      revert_reason: { parameters: [{ name: 'reason', type: 'string', value: 'nope' }] },
    });

    // Its trace over HTTP (the EVM's re-run awaited by the server), and the explorer's raw trace of it.
    const trace = (await publicClient.request({
      method: 'debug_traceTransaction' as never,
      params: [failed, { tracer: 'callTracer' }] as never,
    })) as Json;
    expect(trace).toMatchObject({ type: 'CALL', to: address, error: 'execution reverted', revertReason: 'nope' });
    expect(await get(`/api/v2/transactions/${failed}/raw-trace`)).toEqual([
      {
        action: { callType: 'call', from: trace.from, to: address, gas: trace.gas, input: trace.input, value: '0x0' },
        error: 'Reverted',
        subtraces: 0,
        traceAddress: [],
        transactionHash: failed,
        type: 'call',
      },
    ]);
    const steps = (await publicClient.request({
      method: 'debug_traceTransaction' as never,
      params: [failed] as never,
    })) as Json;
    expect(steps).toMatchObject({ failed: true, gas: Number(trace.gasUsed) });
    expect(steps.structLogs.at(-1).op).toBe('REVERT');
  });

  it('ethers v6: ContractFactory deploys an OpenZeppelin ERC-20, a transfer moves it, the explorer lists the token', async () => {
    // No request cache: ethers reuses a nonce it read within 250 ms, and an automining node mines faster than that.
    const provider = new JsonRpcProvider(`${server.url}/rpc`, chain.id, { staticNetwork: true, cacheTimeout: -1 });
    provider.pollingInterval = 50;
    const signer = new Wallet(KEY1, provider);
    const factory = new ContractFactory(token.abi as never, token.bytecode, signer);
    const contract = await factory.deploy(10n ** 24n);
    await contract.waitForDeployment();
    const address = (await contract.getAddress()).toLowerCase();
    const to = '0x000000000000000000000000000000000000dEaD';
    const transfer = (await (contract as any).transfer(to, 5n * 10n ** 18n)) as { wait(): Promise<any> };
    const receipt = await transfer.wait();
    expect(receipt.status).toBe(1);
    expect(await (contract as any).balanceOf(to)).toBe(5n * 10n ** 18n);
    const shown = await get(`/api/v2/tokens/${address}`);
    expect(shown).toMatchObject({ symbol: 'TT', name: 'Test Token', type: 'ERC-20', decimals: '18' });
    expect(shown.total_supply).toBe((10n ** 24n).toString());
    const transfers = await get(`/api/v2/transactions/${receipt.hash}/token-transfers`);
    expect(transfers.items).toMatchObject([{ to: { hash: to }, total: { value: (5n * 10n ** 18n).toString() } }]);
    const holders = await get(`/api/v2/tokens/${address}/holders`);
    expect(holders.items.map((h: Json) => h.address.hash)).toContain(to);
    provider.destroy();
  });

  it('reset forgets every deployment', async () => {
    const before = await publicClient.getBlockNumber();
    expect(before).toBeGreaterThan(0n);
    const hash = await wallet.deployContract({
      abi: counter.abi as Abi,
      bytecode: counter.bytecode as Hex,
      chain,
      account,
    });
    const address = (await publicClient.waitForTransactionReceipt({ hash })).contractAddress!;
    await fetch(`${server.url}/__mock/reset`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(await publicClient.getCode({ address })).toBeUndefined();
    expect((await fetch(`${server.url}/api/v2/transactions/${hash}`)).status).toBe(404);
  });
});
