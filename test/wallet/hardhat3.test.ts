import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/startServer.js';
import { node22 } from '../support/node22.js';
import { KEY0, walletScenarioFile } from './support.js';

type Json = Record<string, any>;
const require = createRequire(import.meta.url);
const HARDHAT_CLI = join(dirname(require.resolve('hardhat/package.json')), 'dist', 'src', 'cli.js');
const source = (name: string) => fileURLToPath(new URL(`../fixtures/contracts/src/${name}.sol`, import.meta.url));
/** Where Hardhat's first deployment from test key 0 lands (its nonce 0), on every chain. */
const COUNTER = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
/** A chain id of no network Hardhat knows: hardhat-verify refuses to verify on 31337, a dev node's. */
const TESTNET_ID = 7357;

/** A Hardhat 3 project as a team writes one: the mock's node as two networks, its explorer as the chain's Blockscout and Etherscan. */
const CONFIG = `import { defineConfig } from 'hardhat/config';
import hardhatIgnition from '@nomicfoundation/hardhat-ignition';
import hardhatVerify from '@nomicfoundation/hardhat-verify';

const local = process.env.LOCAL_URL!;
const testnet = process.env.TESTNET_URL!;
const accounts = ['${KEY0}'];

export default defineConfig({
  plugins: [hardhatIgnition, hardhatVerify],
  // solc-js from the project's own dependencies: Hardhat downloads compilers, and CI has no internet.
  solidity: { version: '0.8.30', path: process.env.SOLC_PATH! },
  networks: {
    local: { type: 'http', url: \`\${local}/rpc\`, accounts },
    testnet: { type: 'http', url: \`\${testnet}/rpc\`, accounts },
  },
  chainDescriptors: {
    ${TESTNET_ID}: {
      name: 'explorer-mock',
      blockExplorers: {
        blockscout: { name: 'explorer-mock', url: testnet, apiUrl: \`\${testnet}/api\` },
        etherscan: { name: 'explorer-mock', url: testnet, apiUrl: \`\${testnet}/v2/api\` },
      },
    },
  },
  verify: { etherscan: { apiKey: 'any-key' }, blockscout: { enabled: true }, sourcify: { enabled: false } },
});
`;

/** An Ignition module: OpenZeppelin's ERC-20 with its supply as constructor argument, then a transfer. */
const TOKEN_MODULE = `import { buildModule } from '@nomicfoundation/hardhat-ignition/modules';

export default buildModule('TokenModule', (m) => {
  const token = m.contract('Token', [1000n]);
  m.call(token, 'transfer', ['0x000000000000000000000000000000000000dEaD', 7n]);
  return { token };
});
`;

/** An Ignition module: the Counter deployed, then two writes to it. */
const MODULE = `import { buildModule } from '@nomicfoundation/hardhat-ignition/modules';

export default buildModule('CounterModule', (m) => {
  const counter = m.contract('Counter');
  m.call(counter, 'increment');
  m.call(counter, 'add', [5n], { id: 'addFive' });
  return { counter };
});
`;

/**
 * Hardhat 3 against the mock, as a team's project uses it: the Counter compiled by Hardhat,
 * deployed and written to by `hardhat ignition deploy`, verified by `hardhat verify` through the
 * explorer's Etherscan-style APIs; under Node 22, which Hardhat 3 needs (test/support/node22.ts).
 */
describe('Hardhat 3: ignition deploy and hardhat verify against the mock', () => {
  let local: RunningServer;
  let testnet: RunningServer;
  let project: string;
  let hardhat: (...args: string[]) => Promise<string>;
  const rpc = async (server: RunningServer, method: string, params: unknown[]): Promise<any> =>
    (
      (await await fetch(`${server.url}/rpc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      }).then((r) => r.json())) as Json
    ).result;
  /** The Counter's count, read through the node (`count()`). */
  const count = async (server: RunningServer) =>
    BigInt(await rpc(server, 'eth_call', [{ to: COUNTER, data: '0x06661abd' }, 'latest']));
  const get = async (server: RunningServer, path: string): Promise<Json> =>
    (await fetch(`${server.url}${path}`)).json() as Promise<Json>;

  beforeAll(async () => {
    const testnetScenario = join(mkdtempSync(join(tmpdir(), 'explorer-mock-hardhat3-')), 'testnet.json');
    writeFileSync(testnetScenario, JSON.stringify({ extends: 'tiny', name: 'testnet', chainId: TESTNET_ID }));
    local = await startServer({ scenario: walletScenarioFile(), seed: 1, cache: false, profile: 'blockscout' });
    testnet = await startServer({ scenario: testnetScenario, seed: 1, cache: false, profile: 'blockscout' });
    const node = await node22();
    project = mkdtempSync(join(tmpdir(), 'explorer-mock-hardhat3-project-'));
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'counter-dapp', type: 'module', private: true }),
    );
    writeFileSync(join(project, 'hardhat.config.ts'), CONFIG);
    mkdirSync(join(project, 'contracts'));
    for (const name of ['Counter', 'Token']) copyFileSync(source(name), join(project, 'contracts', `${name}.sol`));
    mkdirSync(join(project, 'ignition', 'modules'), { recursive: true });
    writeFileSync(join(project, 'ignition', 'modules', 'Counter.ts'), MODULE);
    writeFileSync(join(project, 'ignition', 'modules', 'Token.ts'), TOKEN_MODULE);
    // The project's dependencies are this project's (hardhat, its plugins, solc).
    symlinkSync(join(dirname(HARDHAT_CLI), '..', '..', '..'), join(project, 'node_modules'), 'junction');
    const env = {
      ...process.env,
      NODE_PATH: node.nodePath,
      SOLC_PATH: require.resolve('solc/soljson.js'),
      LOCAL_URL: local.url,
      TESTNET_URL: testnet.url,
      // Ignition asks before it deploys to a chain other than 31337.
      HARDHAT_IGNITION_CONFIRM_DEPLOYMENT: 'true',
      NO_COLOR: '1',
    };
    hardhat = async (...args) => {
      try {
        return (await promisify(execFile)(node.node, [HARDHAT_CLI, ...args], { cwd: project, env, timeout: 120_000 }))
          .stdout;
      } catch (error) {
        const { stdout, stderr } = error as { stdout?: string; stderr?: string };
        throw new Error(`hardhat ${args.join(' ')} failed:\n${stdout ?? ''}\n${stderr ?? ''}`, { cause: error });
      }
    };
  }, 180_000);
  afterAll(async () => {
    await local?.close();
    await testnet?.close();
  });

  it('deploys with Ignition on chain 31337 as on a local node: its journal holds on a second run, a reset starts it afresh', async () => {
    const deploy = () => hardhat('ignition', 'deploy', 'ignition/modules/Counter.ts', '--network', 'local');
    const head = await rpc(local, 'eth_blockNumber', []);
    expect(await deploy()).toContain(`CounterModule#Counter - ${COUNTER}`);
    // The creation and both writes ran on the EVM, one block each (automine, which Ignition asked).
    expect(await count(local)).toBe(6n);
    expect(BigInt(await rpc(local, 'eth_blockNumber', [])) - BigInt(head)).toBe(3n);
    const created = await get(local, `/api/v2/addresses/${COUNTER}`);
    expect(created).toMatchObject({ is_contract: true, creation_status: 'success' });
    expect(created.creator_address_hash.toLowerCase()).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
    const logs = await get(local, `/api/v2/addresses/${COUNTER}/logs`);
    expect(logs.items).toHaveLength(1);
    // The same node run: the journal says it is done, nothing is sent.
    expect(await deploy()).toContain('Nothing new to deploy');
    expect(await count(local)).toBe(6n);
    // A reset is a new run of the node (hardhat_metadata's instanceId): Ignition drops its journal and deploys again.
    local.reset();
    expect(await rpc(local, 'eth_getCode', [COUNTER, 'latest'])).toBe('0x');
    expect(await deploy()).toContain(`CounterModule#Counter - ${COUNTER}`);
    expect(await count(local)).toBe(6n);
  }, 240_000);

  it('verifies what Ignition deployed with hardhat verify, compiled by the mock; every API shows it verified and decodes its calls', async () => {
    // Ignition lists every contract of the chain's deployments: the module's own is named `<module>Module#<contract>`.
    const deploy = async (name: string) => {
      const output = await hardhat('ignition', 'deploy', `ignition/modules/${name}.ts`, '--network', 'testnet');
      return new RegExp(`${name}Module#${name} - (0x[0-9a-fA-F]{40})`).exec(output)![1]!;
    };
    expect(await deploy('Counter')).toBe(COUNTER);
    const token = await deploy('Token');
    // Sorted as text (null as "null", after a selector).
    const methods = async (list: string) => (await get(testnet, list)).items.map((t: Json) => t.method).sort();
    // Blockscout's answer for a contract of no verified source: its code, no name, no is_verified.
    const unverified = await get(testnet, `/api/v2/smart-contracts/${COUNTER}`);
    expect(unverified).toHaveProperty('deployed_bytecode');
    expect(unverified).not.toHaveProperty('name');
    // Read (and cached) before: a call of unverified code is decoded only by a method some verified
    // contract declares (the chain's ERC-20s: `transfer`), else Blockscout names it by its selector
    // (`increment()`, `add(uint256)`; a creation has none, but its token transfer, the mint, takes
    // its input's first bytes: the creation code's `0x60806040`).
    expect(await methods(`/api/v2/addresses/${COUNTER}/transactions`)).toEqual(['0x1003e2d2', '0xd09de08a', null]);
    expect(await methods(`/api/v2/tokens/${token}/transfers`)).toEqual(['0x60806040', 'transfer']);
    const verified = await hardhat('verify', '--network', 'testnet', COUNTER);
    // The first client (Etherscan's) verifies; Blockscout's then finds it verified.
    expect(verified).toContain('Contract verified successfully on explorer-mock');
    expect(verified).toContain(`has already been verified on explorer-mock`);
    expect(await get(testnet, `/api/v2/smart-contracts/${COUNTER}`)).toMatchObject({
      is_verified: true,
      name: 'Counter',
      compiler_version: 'v0.8.30+commit.73712a01',
      file_path: 'project/contracts/Counter.sol', // Hardhat 3's source names start with `project/`
    });
    const contract = await get(testnet, `/api/v2/smart-contracts/${COUNTER}`);
    // The ABI the mock's compile gave: the Read and Write tabs, and the decoding below, read it.
    expect(contract.abi.map((entry: Json) => entry.name)).toEqual(
      expect.arrayContaining(['count', 'add', 'Incremented']),
    );
    const source = await get(testnet, `/api?module=contract&action=getsourcecode&address=${COUNTER}`);
    expect(source.result[0]).toMatchObject({ ContractName: 'Counter', CompilerVersion: 'v0.8.30+commit.73712a01' });
    // Its transactions and logs decoded with that ABI, in REST and in Etherscan's `txlist`.
    const transactions = await get(testnet, `/api/v2/addresses/${COUNTER}/transactions`);
    expect(transactions.items.map((t: Json) => t.method).sort()).toEqual(['add', 'increment', null]);
    const add = transactions.items.find((t: Json) => t.method === 'add');
    expect(add.decoded_input).toEqual({
      method_call: 'add(uint256 n)',
      method_id: '1003e2d2',
      parameters: [{ name: 'n', type: 'uint256', value: '5' }],
    });
    const logs = await get(testnet, `/api/v2/addresses/${COUNTER}/logs`);
    expect(logs.items[0].decoded).toMatchObject({ method_call: 'Incremented(address indexed by, uint256 count)' });
    const txlist = await get(testnet, `/v2/api?chainid=${TESTNET_ID}&module=account&action=txlist&address=${COUNTER}`);
    expect(txlist.result.map((t: Json) => t.functionName)).toEqual(
      expect.arrayContaining(['add(uint256 n)', 'increment()']),
    );
    // A contract with constructor arguments and a library's imports (OpenZeppelin's, as Hardhat names npm sources).
    expect(await hardhat('verify', '--network', 'testnet', token, '1000')).toContain('Contract verified successfully');
    expect(await get(testnet, `/api/v2/smart-contracts/${token}`)).toMatchObject({
      is_verified: true,
      name: 'Token',
      constructor_args: `0x${(1000).toString(16).padStart(64, '0')}`,
    });
    expect(await methods(`/api/v2/tokens/${token}/transfers`)).toEqual(['0x60806040', 'transfer']);
    // Blockscout's /api names it in its token-transfer list (the mint, in the creation, names none).
    const tokentx = await get(testnet, `/api?module=account&action=tokentx&contractaddress=${token}`);
    expect(tokentx.result.map((t: Json) => [t.functionName, t.methodId]).sort()).toEqual([
      ['', ''],
      ['transfer(address to, uint256 value)', 'a9059cbb'],
    ]);
  }, 240_000);
});
