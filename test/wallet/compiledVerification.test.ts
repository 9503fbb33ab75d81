import { createPublicClient, createWalletClient, http, type Abi, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/startServer.js';
import { hardhatEtherscan } from '../support/hardhatVerify.js';
import { artifact } from '../evm/harness.js';
import { KEY0, walletScenarioFile, mockChain } from './support.js';

type Json = Record<string, any>;
const counter = artifact('Counter');
const INPUT = counter.standardJson as { sources: Record<string, { content: string }>; settings: Json };
const SOURCE = counter.sourceName;

/** A server of the wallet scenario (solc as given) with a Counter deployed with viem; its chain id and the Counter's address. */
async function withCounter(solc?: false) {
  const server = await startServer({
    scenario: walletScenarioFile(),
    seed: 1,
    cache: false,
    ...(solc === false ? { solc } : {}),
  });
  const chainId = ((await (await fetch(`${server.url}/__mock/scenario`)).json()) as Json).node.chainId as number;
  const chain = mockChain(server.url, chainId);
  const account = privateKeyToAccount(KEY0);
  const wallet = createWalletClient({ account, chain, transport: http() });
  const client = createPublicClient({ chain, transport: http(), pollingInterval: 50 });
  const hash = await wallet.deployContract({
    abi: counter.abi as Abi,
    bytecode: counter.bytecode as Hex,
    chain,
    account,
  });
  const address = (await client.waitForTransactionReceipt({ hash })).contractAddress!;
  return { server, chainId, address, etherscan: await hardhatEtherscan(server.url, chainId) };
}

/** The Counter fixture's input with its own file changed by `edit`. */
const withSource = (edit: (content: string) => string) => ({
  ...INPUT,
  sources: { ...INPUT.sources, [SOURCE]: { content: edit(INPUT.sources[SOURCE]!.content) } },
});

/**
 * Verification of a contract a client deployed, where a compiler is at hand (solc-js, installed in
 * this project): the submission is compiled and its runtime code compared with the deployed code.
 */
describe('verifying a contract of your own with the compiler at hand, as the explorer does', () => {
  let setUp: Awaited<ReturnType<typeof withCounter>>;
  const get = async (path: string) => fetch(`${setUp.server.url}${path}`);

  beforeAll(async () => {
    setUp = await withCounter();
  });
  afterAll(() => setUp.server.close());

  it('fails a tampered source with the explorer’s text, one that does not compile too, and passes the true one', async () => {
    const { address, chainId, etherscan: client } = setUp;
    const submit = async (compilerInput: object) => {
      const guid = await client.verify({
        contractAddress: address,
        compilerInput,
        contractName: `${SOURCE}:Counter`,
        compilerVersion: counter.compiler,
        constructorArguments: '',
      });
      const polled = await client.pollVerificationStatus(guid, address, 'Counter');
      const status = await get(`/v2/api?chainid=${chainId}&module=contract&action=checkverifystatus&guid=${guid}`);
      return {
        polled,
        error: status.headers.get('x-mock-verification-error'),
        how: status.headers.get('x-mock-verification'),
      };
    };
    // The same contract, names and settings: only the compiled code can tell.
    const tampered = await submit(withSource((c) => c.replace('count += 1;', 'count += 2;')));
    expect(tampered).toMatchObject({
      polled: { success: false, message: 'Fail - Unable to verify' },
      error: 'Bytecode does not match, please try again.',
    });
    const broken = await submit(withSource((c) => c.replace('count += 1;', 'count += ;')));
    expect(broken.error).toBe('There was an error compiling your contract.');
    // Another comment changes only the metadata hash, which the comparison leaves out.
    const commented = await submit(withSource((c) => `${c}\n// deployed from the team's laptop\n`));
    expect(commented).toMatchObject({
      polled: { success: true, message: 'Pass - Verified' },
      error: null,
      how: `compiled with solc ${counter.compiler.replace(/^v/, '')}`,
    });
    const record = (await (await get(`/api/v2/smart-contracts/${address}`)).json()) as Json;
    expect(record).toMatchObject({ name: 'Counter', is_verified: true });
  });
});

describe('without a compiler (solc: false), a submission stands on the checks made without one', () => {
  it('passes the same tampered source, as the docs say', async () => {
    const { server, address, etherscan } = await withCounter(false);
    try {
      const guid = await etherscan.verify({
        contractAddress: address,
        compilerInput: withSource((c) => c.replace('count += 1;', 'count += 2;')),
        contractName: `${SOURCE}:Counter`,
        compilerVersion: counter.compiler,
        constructorArguments: '',
      });
      expect(await etherscan.pollVerificationStatus(guid, address, 'Counter')).toMatchObject({ success: true });
    } finally {
      await server.close();
    }
  });
});

describe('a pending call to a contract verified while it waits', () => {
  it('is decoded in its pending view once the contract is verified, and after it is mined', async () => {
    const server = await startServer({ scenario: walletScenarioFile(), seed: 1, cache: false, automine: false });
    try {
      const chainId = ((await (await fetch(`${server.url}/__mock/scenario`)).json()) as Json).node.chainId as number;
      const chain = mockChain(server.url, chainId);
      const account = privateKeyToAccount(KEY0);
      const wallet = createWalletClient({ account, chain, transport: http() });
      const client = createPublicClient({ chain, transport: http(), pollingInterval: 50 });
      const mine = () => fetch(`${server.url}/__mock/mine`, { method: 'POST' });
      const deployed = await wallet.deployContract({
        abi: counter.abi as Abi,
        bytecode: counter.bytecode as Hex,
        chain,
        account,
      });
      await mine();
      const address = (await client.waitForTransactionReceipt({ hash: deployed })).contractAddress!;
      const hash = await wallet.writeContract({
        address,
        abi: counter.abi as Abi,
        functionName: 'increment',
        chain,
        account,
      });
      const shown = async () => (await (await fetch(`${server.url}/api/v2/transactions/${hash}`)).json()) as Json;
      // Pending, of unverified code: nothing decodes it (and the view is rendered, so cached).
      expect(await shown()).toMatchObject({ result: 'pending', method: null, decoded_input: null });
      const etherscan = await hardhatEtherscan(server.url, chainId);
      const guid = await etherscan.verify({
        contractAddress: address,
        compilerInput: INPUT,
        contractName: `${SOURCE}:Counter`,
        compilerVersion: counter.compiler,
        constructorArguments: '',
      });
      expect(await etherscan.pollVerificationStatus(guid, address, 'Counter')).toMatchObject({ success: true });
      const decoded = {
        method: 'increment',
        decoded_input: { method_call: 'increment()', method_id: '0xd09de08a', parameters: [] },
      };
      expect(await shown()).toMatchObject({ result: 'pending', ...decoded });
      await mine();
      expect(await shown()).toMatchObject({ result: 'success', ...decoded });
    } finally {
      await server.close();
    }
  });
});
