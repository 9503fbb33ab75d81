import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loaders } from '@shazow/whatsabi';
import { blockExplorer } from '@wagmi/cli/plugins';
import { EtherscanProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/startServer.js';
import { hardhatBlockscout } from '../support/hardhatVerify.js';

type Json = Record<string, any>;

let server: RunningServer;
const get = async (path: string): Promise<Json> => (await fetch(`${server.url}${path}`)).json() as Promise<Json>;

beforeAll(async () => {
  server = await startServer({ scenario: 'tiny', seed: 1, cache: false, profile: 'blockscout' });
});
afterAll(() => server.close());

/**
 * ethers v6's Etherscan provider, pointed at the mock as its users point it at a Blockscout
 * instance: ethers 6.17 writes Etherscan's v2 URL itself, so its URLs are rewritten to the explorer's `/api`.
 */
class MockExplorer extends EtherscanProvider {
  override getUrl(module: string, params: Record<string, string>): string {
    return super.getUrl(module, params).replace(/^https:\/\/api\.etherscan\.io\/v2\/api/, `${server.url}/api`);
  }
  override getPostUrl(): string {
    return super.getPostUrl().replace(/^https:\/\/api\.etherscan\.io\/v2\/api/, `${server.url}/api`);
  }
}

describe("ethers v6's EtherscanProvider against the mock", () => {
  it('getBalance and getContract read the ledger; getBlockNumber fails as on Blockscout (no proxy module)', async () => {
    // ethers takes only the chains Etherscan serves; the mock ignores the chainid it adds.
    const provider = new MockExplorer('mainnet', 'no-key');
    const whale = server.chain.handles.whale!;
    const rest = await get(`/api/v2/addresses/${whale}`);
    expect(await provider.getBalance(whale)).toBe(BigInt(rest.coin_balance));
    const token = server.chain.handles.erc20Token!;
    const contract = await provider.getContract(token);
    expect(contract).not.toBeNull();
    const restContract = await get(`/api/v2/smart-contracts/${token}`);
    expect(contract!.interface.fragments.length).toBe(restContract.abi.length);
    expect(contract!.interface.getFunction('balanceOf')).not.toBeNull();
    // An unverified contract has no ABI here, as on the explorer.
    expect(await provider.getContract(server.chain.handles.unverifiedContract!)).toBeNull();
    // ethers asks module=proxy for the block number: Blockscout has no such module.
    await expect(provider.getBlockNumber()).rejects.toThrow();
    expect((await fetch(`${server.url}/api?module=proxy&action=eth_blockNumber`)).status).toBe(400);
  });
});

describe("whatsabi's loaders against the mock", () => {
  // Its Etherscan loader that takes a base URL (a Blockscout instance's /api) is the v1 one.
  it('the Etherscan loader (this API) and the Blockscout loader (REST v2) give the explorer’s ABI; on an unverified contract they fail as on Blockscout', async () => {
    const etherscan = new loaders.EtherscanV1ABILoader({ baseURL: `${server.url}/api` });
    const blockscout = new loaders.BlockscoutABILoader({ baseURL: `${server.url}/api` });
    const token = server.chain.handles.erc20Token!;
    const restAbi = (await get(`/api/v2/smart-contracts/${token}`)).abi;
    expect(await etherscan.loadABI(token)).toEqual(restAbi);
    expect(await blockscout.loadABI(token)).toEqual(restAbi);
    const contract = await etherscan.getContract(token);
    expect(contract.ok).toBe(true);
    expect(contract.abi).toEqual(restAbi);
    expect(contract.name).toBe((await get(`/api/v2/smart-contracts/${token}`)).name);
    const sources = await contract.getSources!();
    expect(sources[0]!.content).toBe((await get(`/api/v2/smart-contracts/${token}`)).source_code);
    // Blockscout's getabi answers an unverified contract with status 0 and a null result, and its
    // getsourcecode with the address alone: whatsabi's Etherscan loader throws on both, as it does on Blockscout.
    const unverified = server.chain.handles.unverifiedContract!;
    await expect(etherscan.loadABI(unverified)).rejects.toThrow();
    await expect(etherscan.getContract(unverified)).rejects.toThrow();
  });
});

describe("wagmi CLI's blockExplorer plugin against the mock", () => {
  it('fetches a verified contract’s ABI; on an unverified one it fails as on Blockscout (status 0 is not its NOTOK)', async () => {
    // The plugin caches under the home directory: a fresh one for the test.
    const home = process.env.HOME;
    process.env.HOME = mkdtempSync(join(tmpdir(), 'explorer-mock-wagmi-'));
    try {
      const token = server.chain.handles.erc20Token! as `0x${string}`;
      const plugin = blockExplorer({
        baseUrl: `${server.url}/api`,
        cacheDuration: 0,
        contracts: [{ name: 'Token', address: token }],
      });
      const [contract] = await plugin.contracts!();
      expect(contract!.abi).toEqual((await get(`/api/v2/smart-contracts/${token}`)).abi);
      const unverified = blockExplorer({
        baseUrl: `${server.url}/api`,
        cacheDuration: 0,
        contracts: [{ name: 'Unverified', address: server.chain.handles.unverifiedContract! as `0x${string}` }],
      });
      await expect(unverified.contracts!()).rejects.toThrow(/Invalid response/);
    } finally {
      process.env.HOME = home;
    }
  });
});

describe('the Blockscout frontend’s block countdown call', () => {
  it('answers getblockcountdown for a block ahead, and a null result (the page redirects) for one passed', async () => {
    const head = server.chain.headHeight;
    const ahead = await get(`/api?module=block&action=getblockcountdown&blockno=${head + 10}`);
    expect(ahead.status).toBe('1');
    expect(ahead.result).toMatchObject({
      CurrentBlock: String(head),
      CountdownBlock: String(head + 10),
      RemainingBlock: '10',
    });
    expect(Number(ahead.result.EstimateTimeInSec)).toBeGreaterThan(0);
    const passed = await get(`/api?module=block&action=getblockcountdown&blockno=${head}`);
    expect(passed).toEqual({ message: 'Error! Block number already pass', result: null, status: '0' });
  });
});

describe("hardhat-verify's Blockscout client against the mock", () => {
  it('is it verified; verify a standard-JSON input; poll its status; then verified, and refused as already verified; an account refused as no contract', async () => {
    const client = await hardhatBlockscout(server.url);
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
      // The compiler the contract's code names in its metadata (the mock checks it, as the explorer's verifier would).
      compilerVersion: 'v0.8.24+commit.e11b9ed9',
      constructorArguments: '',
    };
    try {
      expect(await client.isVerified(server.chain.handles.erc20Token!)).toBe(true);
      expect(await client.isVerified(address)).toBe(false);
      const guid = await client.verify(args);
      expect(guid.slice(0, 40)).toBe(address.toLowerCase().slice(2));
      expect(await client.pollVerificationStatus(guid, address, args.contractName)).toEqual({
        success: true,
        message: 'Pass - Verified',
        isRetryable: true,
      });
      expect(await client.isVerified(address)).toBe(true);
      expect((await get(`/api/v2/smart-contracts/${address}`)).name).toBe('Vault');
      await expect(client.verify(args)).rejects.toThrow(/already verified/);
      // Blockscout says "Address is not a smart-contract", which hardhat-verify does not take for its own
      // "The address is not a smart contract": it reports a failed request, as against the explorer.
      await expect(client.verify({ ...args, contractAddress: server.chain.handles.whale! })).rejects.toThrow(
        'The contract verification request failed: "Address is not a smart-contract"',
      );
    } finally {
      // Verifications live in the running server: forget this one for the other tests.
      await fetch(`${server.url}/__mock/reset`, { method: 'POST' });
    }
  });
});
