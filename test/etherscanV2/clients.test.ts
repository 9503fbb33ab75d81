import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { etherscan } from '@wagmi/cli/plugins';
import { EtherscanProvider, Network } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findScenario } from '../../scenarios/index.js';
import { metadataVersion } from '../../src/domain/verificationChecks.js';
import { type RunningServer, startServer } from '../../src/startServer.js';
import { hardhatEtherscan } from '../support/hardhatVerify.js';

type Json = Record<string, any>;

/** Sepolia's id: a chain ethers' EtherscanProvider takes (it refuses 31337), given to the mock's tiny scenario. */
const CHAIN_ID = 11155111;
let server: RunningServer;
const get = async (path: string): Promise<Json> => (await fetch(`${server.url}${path}`)).json() as Promise<Json>;
const rpc = async (method: string, params: unknown[]): Promise<any> =>
  (
    (await (
      await fetch(`${server.url}/rpc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
    ).json()) as Json
  ).result;

/** The compiler the unverified contract's code names in its metadata (what a check without a compiler reads). */
let COMPILER = '';
const compiler = () => COMPILER;
const compilerOfCode = async (url: string, address: string) => {
  const response = await fetch(`${url}/rpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getCode', params: [address, 'latest'] }),
  });
  return `v${metadataVersion(((await response.json()) as { result: string }).result)}`;
};

beforeAll(async () => {
  server = await startServer({
    scenario: { ...findScenario('tiny')!, chainId: CHAIN_ID },
    seed: 1,
    cache: false,
    profile: 'blockscout',
  });
  COMPILER = await compilerOfCode(server.url, server.chain.handles.unverifiedContract!);
});
afterAll(() => server.close());

/**
 * ethers 6's EtherscanProvider, pointed at the mock: it writes Etherscan's URLs itself, so the
 * smallest subclass swaps their origin (nothing else is patched).
 */
class MockEtherscan extends EtherscanProvider {
  override getUrl(module: string, params: Record<string, string>): string {
    return super.getUrl(module, params).replace('https://api.etherscan.io', server.url);
  }
  override getPostUrl(): string {
    return super.getPostUrl().replace('https://api.etherscan.io', server.url);
  }
}

describe("ethers v6's EtherscanProvider against Etherscan's API v2", () => {
  it('getBlockNumber, getBalance, getTransaction, call and getContract read the ledger, as REST v2 and the node state it', async () => {
    const provider = new MockEtherscan(Network.from(CHAIN_ID), 'any-key');
    expect(await provider.getBlockNumber()).toBe(server.chain.headHeight);
    const whale = server.chain.handles.whale!;
    expect(await provider.getBalance(whale)).toBe(BigInt((await get(`/api/v2/addresses/${whale}`)).coin_balance));
    const hash = server.chain.handles.failedTransaction!;
    const tx = await provider.getTransaction(hash);
    const nodeTx = await rpc('eth_getTransactionByHash', [hash]);
    expect([tx!.hash, tx!.from.toLowerCase(), tx!.nonce, tx!.blockNumber]).toEqual([
      hash,
      nodeTx.from,
      Number(nodeTx.nonce),
      Number(nodeTx.blockNumber),
    ]);
    const token = server.chain.handles.erc20Token!;
    const totalSupply = await provider.call({ to: token, data: '0x18160ddd' });
    expect(totalSupply).toBe(await rpc('eth_call', [{ to: token, data: '0x18160ddd' }, 'latest']));
    expect(BigInt(totalSupply)).toBe(BigInt((await get(`/api/v2/tokens/${token}`)).total_supply));
    const contract = await provider.getContract(token);
    expect(contract!.interface.fragments.length).toBe((await get(`/api/v2/smart-contracts/${token}`)).abi.length);
    expect(await contract!.totalSupply!()).toBe(BigInt(totalSupply));
    // An unverified contract has no ABI, as on Etherscan.
    expect(await provider.getContract(server.chain.handles.unverifiedContract!)).toBeNull();
  });
});

describe("hardhat-verify's Etherscan client against Etherscan's API v2", () => {
  it('is it verified; verify; poll past Pending in queue to Pass - Verified; read back; refused as already verified and as no contract', async () => {
    const client = await hardhatEtherscan(server.url, CHAIN_ID);
    const address = server.chain.handles.unverifiedContract!;
    const compilerInput = {
      language: 'Solidity',
      sources: {
        'contracts/Vault.sol': {
          content:
            '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\n\ncontract Vault {\n  function deposit() external payable {}\n}\n',
        },
      },
      settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { '*': ['abi'] } } },
    };
    const args = {
      contractAddress: address,
      compilerInput,
      contractName: 'contracts/Vault.sol:Vault',
      compilerVersion: compiler(),
      constructorArguments: '',
    };
    try {
      expect(await client.isVerified(server.chain.handles.erc20Token!)).toBe(true);
      expect(await client.isVerified(address)).toBe(false);
      const guid = await client.verify(args);
      expect(guid).toMatch(/^[a-z0-9]{50}$/);
      expect(await client.pollVerificationStatus(guid, address, args.contractName)).toEqual({
        success: true,
        message: 'Pass - Verified',
        isRetryable: true,
      });
      expect(await client.isVerified(address)).toBe(true);
      const [record] = (
        await get(`/v2/api?chainid=${CHAIN_ID}&module=contract&action=getsourcecode&address=${address}`)
      ).result as Json[];
      expect(record).toMatchObject({ ContractName: 'Vault', LicenseType: 'MIT', CompilerType: 'solc-j' });
      expect((await get(`/api/v2/smart-contracts/${address}`)).name).toBe('Vault');
      await expect(client.verify(args)).rejects.toThrow(/is already verified/);
      await expect(client.verify({ ...args, contractAddress: server.chain.handles.whale! })).rejects.toThrow(
        /does not have bytecode/,
      );
    } finally {
      server.reset();
    }
  });
});

describe("wagmi CLI's etherscan plugin against Etherscan's API v2", () => {
  it('fetches a verified contract’s ABI, and a proxy’s implementation ABI; an unverified one fails with Etherscan’s text', async () => {
    // The plugin has no base URL option: its requests to api.etherscan.io are sent to the mock instead.
    const fetchBefore = globalThis.fetch;
    const home = process.env.HOME;
    globalThis.fetch = (input, init) =>
      fetchBefore(
        String(input instanceof Request ? input.url : input).replace('https://api.etherscan.io', server.url),
        init,
      );
    process.env.HOME = mkdtempSync(join(tmpdir(), 'explorer-mock-wagmi-'));
    try {
      const token = server.chain.handles.erc20Token! as `0x${string}`;
      const plugin = etherscan({
        apiKey: 'any-key',
        chainId: CHAIN_ID as 1,
        cacheDuration: 0,
        contracts: [{ name: 'Token', address: token }],
      });
      const [contract] = await plugin.contracts!();
      expect(contract!.abi).toEqual((await get(`/api/v2/smart-contracts/${token}`)).abi);
      const proxy = server.chain.handles.proxy! as `0x${string}`;
      const viaProxy = etherscan({
        apiKey: 'any-key',
        chainId: CHAIN_ID as 1,
        cacheDuration: 0,
        tryFetchProxyImplementation: true,
        contracts: [{ name: 'Staking', address: proxy }],
      });
      const implementation = (await get(`/api/v2/addresses/${proxy}`)).implementations[0].address_hash;
      const [behind] = await viaProxy.contracts!();
      expect(behind!.abi).toEqual((await get(`/api/v2/smart-contracts/${implementation}`)).abi);
      const unverified = etherscan({
        apiKey: 'any-key',
        chainId: CHAIN_ID as 1,
        cacheDuration: 0,
        contracts: [{ name: 'Unverified', address: server.chain.handles.unverifiedContract! as `0x${string}` }],
      });
      await expect(unverified.contracts!()).rejects.toThrow('Contract source code not verified');
    } finally {
      globalThis.fetch = fetchBefore;
      process.env.HOME = home;
    }
  });
});
