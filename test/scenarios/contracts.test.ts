import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import * as AbiFunction from 'ox/AbiFunction';
import { describe, expect, it } from 'vitest';
import { type BuildChainOptions, buildChain } from '../../generators/buildChain.js';
import { runContractCode } from '../../src/execution/contractRuns.js';
import { loadScenario } from '../../scenarios/loadScenario.js';
import { createApi } from '../../src/app/createApi.js';
import { getUrl } from '../../src/rest/walkPages.js';
import { decodeSnapshot, encodeSnapshot } from '../../src/snapshot/snapshot.js';
import { chainViolations } from '../support/chainLaws.js';
import { runCli, spawnCli } from '../support/spawnCli.js';

type Json = Record<string, any>;

const EXAMPLES = new URL('../../scenarios/examples/', import.meta.url).pathname;
const DAPP = join(EXAMPLES, 'dapp.json');
const GREETER_ARTIFACT = join(EXAMPLES, 'dapp/out/Greeter.sol/Greeter.json');
const HARDHAT = new URL('./fixtures/hardhat/', import.meta.url).pathname;
const REGISTRY = '0x4200000000000000000000000000000000000042';
const ALICE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const artifact = JSON.parse(readFileSync(GREETER_ARTIFACT, 'utf8')) as Json;

const dir = mkdtempSync(join(tmpdir(), 'explorer-mock-contracts-'));
const write = (name: string, content: unknown) => {
  const file = join(dir, name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};
const handlesOf = (summary: Json) =>
  Object.fromEntries((summary.handles as { name: string; value: string }[]).map((h) => [h.name, h.value]));
/** A scenario's chain, its contracts' constructors run on the EVM. */
const built = async (options: BuildChainOptions) => buildChain(await runContractCode(options));
const api = (chain: ReturnType<typeof buildChain>) => {
  const call = createApi(chain);
  return (url: string) => JSON.parse(getUrl(call, url).body) as Json;
};

describe('named contracts', () => {
  it('serves the dapp example through the CLI: the Foundry artifact on endpoint 12, its proxies, a predeployed contract, and every scripted call', async () => {
    const cli = await spawnCli(['--scenario', DAPP, '--no-cache']);
    const get = async (url: string) => (await (await fetch(`${cli.url}${url}`)).json()) as Json;
    try {
      const h = handlesOf(await get('/__mock/scenario'));
      // The artifact's contract, verified with the sources read from the Foundry project.
      const greeter = await get(`/api/v2/smart-contracts/${h.Greeter}`);
      expect(greeter).toMatchObject({
        name: 'Greeter',
        language: 'solidity',
        is_verified: true,
        is_fully_verified: true,
        compiler_version: 'v0.8.24+commit.e11b9ed9',
        evm_version: 'cancun',
        optimization_enabled: true,
        optimizations_runs: 200,
        file_path: 'src/Greeter.sol',
        source_code: readFileSync(join(EXAMPLES, 'dapp/src/Greeter.sol'), 'utf8'),
        additional_sources: [
          { file_path: 'src/Ownable.sol', source_code: readFileSync(join(EXAMPLES, 'dapp/src/Ownable.sol'), 'utf8') },
        ],
        decoded_constructor_args: [
          ['Hello, world', { internalType: 'string', name: 'initialGreeting', type: 'string' }],
        ],
        deployed_bytecode: artifact.deployedBytecode.object,
        creation_status: 'success',
      });
      expect(JSON.parse(greeter.abi)).toEqual(artifact.abi);
      expect(greeter.compiler_settings).toMatchObject({
        compilationTarget: { 'src/Greeter.sol': 'Greeter' },
        evmVersion: 'cancun',
        optimizer: { enabled: true, runs: 200 },
      });
      expect(greeter.creation_bytecode).toBe(`${artifact.bytecode.object}${greeter.constructor_args.slice(2)}`);
      const greeterAddress = await get(`/api/v2/addresses/${h.Greeter}`);
      expect(greeterAddress).toMatchObject({
        is_contract: true,
        is_verified: true,
        name: 'Greeter',
        creator_address_hash: ALICE,
      });
      const creation = await get(`/api/v2/transactions/${greeterAddress.creation_transaction_hash}`);
      expect(creation).toMatchObject({
        from: { hash: ALICE },
        created_contract: { hash: h.Greeter },
        raw_input: greeter.creation_bytecode,
      });

      // The EIP-1967 proxy points at it; the EIP-1167 clone shows its code.
      expect(await get(`/api/v2/addresses/${h.GreeterProxy}`)).toMatchObject({
        implementation_address: h.Greeter,
        implementation_name: 'Greeter',
        creator_address_hash: ALICE,
      });
      expect(await get(`/api/v2/smart-contracts/${h.GreeterProxy}`)).toMatchObject({
        name: 'TransparentUpgradeableProxy',
        is_verified: true,
      });
      const clone = await get(`/api/v2/smart-contracts/${h.GreeterClone}`);
      expect(clone).toMatchObject({
        name: 'Greeter',
        minimal_proxy_address_hash: h.Greeter,
        file_path: 'src/Greeter.sol',
      });
      expect(clone.deployed_bytecode).toBe(
        `0x363d3d373d3d3d363d73${h.Greeter!.slice(2).toLowerCase()}5af43d82803e903d91602b57fd5bf3`,
      );
      expect(JSON.parse(clone.abi)).toEqual(artifact.abi);

      // The registry: predeployed at its fixed address at genesis, unverified, with no creator.
      expect(h.Registry).toBe(REGISTRY);
      expect(await get(`/api/v2/addresses/${REGISTRY}`)).toMatchObject({
        is_contract: true,
        is_verified: false,
        creator_address_hash: null,
        creation_transaction_hash: null,
      });
      const registry = await get(`/api/v2/smart-contracts/${REGISTRY}`);
      expect(registry).toMatchObject({ is_verified: false, creation_status: 'success' });
      expect(registry.abi).toBeUndefined();

      // Dapp Points: predeployed at its fixed address with no supply; its supply is the mints to its holders.
      expect(h.DPT).toBe('0xD0000000000000000000000000000000000000d0');
      expect(await get(`/api/v2/addresses/${h.DPT}`)).toMatchObject({
        is_contract: true,
        creator_address_hash: null,
        creation_transaction_hash: null,
        token: { symbol: 'DPT' },
      });
      expect(await get(`/api/v2/tokens/${h.DPT}`)).toMatchObject({
        name: 'Dapp Points',
        decimals: '2',
        total_supply: '50050',
        holders_count: '2',
      });
      const points = (await get(`/api/v2/tokens/${h.DPT}/holders`)).items as Json[];
      expect(points.map((p) => [p.address.hash, p.value])).toEqual([
        [ALICE, '50000'],
        [h.bob, '50'],
      ]);

      // The scripted calls, at their blocks, with decoded input, revert reason, events and the proxy's delegatecall.
      const listed = async (address: string) =>
        (await get(`/api/v2/addresses/${address}/transactions`)).items as Json[];
      const [setViaProxy] = (await listed(h.GreeterProxy!)).filter((t) => t.method === 'setGreeting');
      expect(setViaProxy).toMatchObject({
        block_number: 26,
        status: 'ok',
        from: { hash: ALICE },
        decoded_input: {
          method_call: 'setGreeting(string next)',
          method_id: '0xa4136862',
          parameters: [{ name: 'next', type: 'string', value: 'gm' }],
        },
      });
      const proxyLogs = (await get(`/api/v2/transactions/${setViaProxy!.hash}/logs`)).items as Json[];
      expect(
        proxyLogs.map((l) => [l.address.hash, l.decoded.method_call, l.decoded.parameters.map((p: Json) => p.value)]),
      ).toEqual([[h.GreeterProxy, 'GreetingChanged(address indexed by, string greeting)', [ALICE, 'gm']]]);
      const internals = (await get(`/api/v2/transactions/${setViaProxy!.hash}/internal-transactions`)).items as Json[];
      expect(internals.map((i) => [i.type, i.from.hash, i.to.hash])).toEqual([
        ['delegatecall', h.GreeterProxy, h.Greeter],
      ]);
      const direct = await listed(h.Greeter!);
      expect(direct.find((t) => t.method === 'tip')).toMatchObject({
        block_number: 27,
        status: 'ok',
        value: '10000000000000000',
        decoded_input: { method_call: 'tip()', parameters: [] },
      });
      expect(direct.find((t) => t.method === 'setGreeting')).toMatchObject({
        block_number: 28,
        status: 'error',
        revert_reason: 'Greeter: empty greeting',
        decoded_input: { parameters: [{ value: '' }] },
      });
      expect((await get(`/api/v2/addresses/${h.Greeter}`)).coin_balance).toBe('10000000000000000');
      const [registered] = (await listed(REGISTRY)).filter((t) => t.method === 'register');
      expect(registered).toMatchObject({
        block_number: 29,
        status: 'ok',
        decoded_input: {
          method_call: 'register(string name, address owner)',
          parameters: [{ value: 'alice.dapp' }, { value: ALICE }],
        },
      });
      const registryLogs = (await get(`/api/v2/addresses/${REGISTRY}/logs`)).items as Json[];
      expect(registryLogs.map((l) => l.decoded.method_call)).toEqual([
        'Registered(string name, address indexed owner)',
      ]);

      // Greeter's constructor ran: its own code answers what it stored (the greeting, alice as owner), before and after a reset.
      const call = async (signature: string) => {
        const fn = AbiFunction.from(signature) as AbiFunction.AbiFunction;
        const answer = (await (
          await fetch(`${cli.url}/rpc`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              jsonrpc: '2.0',
              id: 1,
              method: 'eth_call',
              params: [{ to: h.Greeter, data: AbiFunction.encodeData(fn) }, 'latest'],
            }),
          })
        ).json()) as Json;
        return AbiFunction.decodeResult(fn, answer.result);
      };
      for (const round of ['started', 'reset']) {
        expect(await call('function greet() view returns (string)'), round).toBe('Hello, world');
        expect(await call('function owner() view returns (address)'), round).toBe(ALICE.toLowerCase());
        if (round === 'started') expect((await fetch(`${cli.url}/__mock/reset`, { method: 'POST' })).status).toBe(200);
      }
      const creationLogs = (await get(`/api/v2/transactions/${greeterAddress.creation_transaction_hash}/logs`))
        .items as Json[];
      expect(creationLogs.map((l) => [l.decoded.method_call, l.decoded.parameters.map((p: Json) => p.value)])).toEqual([
        [
          'OwnershipTransferred(address indexed previousOwner, address indexed newOwner)',
          ['0x0000000000000000000000000000000000000000', ALICE],
        ],
      ]);
    } finally {
      expect(await cli.stop()).toBe(0);
    }
  });

  it('the dapp example keeps every chain law, on several seeds', async () => {
    const scenario = await loadScenario(DAPP);
    for (const seed of [1, 2, 3]) expect(chainViolations(await built({ scenario, seed }))).toEqual([]);
  });

  it("counts a contract's gas usage as Blockscout does: the gas of the transactions calling it", async () => {
    const chain = await built({ scenario: await loadScenario(DAPP), seed: 1 });
    const get = api(chain);
    // bob receives but never sends: an EOA counts what it sent.
    expect(get(`/api/v2/addresses/${chain.handles.bob}/counters`).gas_usage_count).toBe('0');
    for (const name of ['Greeter', 'GreeterProxy', 'Registry', 'DPT']) {
      const address = chain.handles[name]!;
      const isContract = get(`/api/v2/addresses/${address}`).is_contract as boolean;
      const listed = get(`/api/v2/addresses/${address}/transactions?filter=${isContract ? 'to' : 'from'}`);
      expect(listed.next_page_params, name).toBeNull();
      // Blockscout sums the transactions sent to it: its creation (listed under "to") is not one.
      const gas = (listed.items as Json[])
        .filter((t) => !isContract || t.to?.hash === address)
        .reduce((sum, t) => sum + Number(t.gas_used), 0);
      expect(gas, name).toBeGreaterThan(0);
      expect(get(`/api/v2/addresses/${address}/counters`).gas_usage_count, name).toBe(String(gas));
    }
  });

  it("the contracts' code survives a snapshot: every contract page the same, byte for byte", async () => {
    const chain = await built({ scenario: await loadScenario(DAPP), seed: 2 });
    const back = decodeSnapshot(Buffer.concat(encodeSnapshot(chain, { key: 'k', version: 'v' })), {
      key: 'k',
      version: 'v',
    }).chain;
    for (const profile of ['spec', 'blockscout'] as const) {
      const [before, after] = [createApi(chain, { profile }), createApi(back, { profile })];
      for (const name of ['Greeter', 'GreeterProxy', 'GreeterClone', 'Registry', 'DPT']) {
        for (const path of ['/api/v2/smart-contracts/', '/api/v2/addresses/']) {
          for (const tail of ['', '/transactions', '/logs', '/internal-transactions']) {
            if (path.startsWith('/api/v2/smart') && tail) continue;
            const url = `${path}${chain.handles[name]}${tail}`;
            const answer = before(url, new URLSearchParams());
            expect(answer.status, url).toBe(200);
            expect(after(url, new URLSearchParams()).body, url).toBe(answer.body);
          }
        }
      }
    }
  });

  it('reads a Hardhat artifact with the build info its .dbg.json names', async () => {
    const file = write('hardhat.json', {
      extends: 'tiny',
      entities: {
        accounts: [{ name: 'dev', balance: '5 ETH' }],
        contracts: [
          { name: 'Counter', artifact: join(HARDHAT, 'artifacts/contracts/Counter.sol/Counter.json'), deployer: 'dev' },
        ],
      },
      activity: [{ from: 'dev', to: 'Counter', call: { signature: 'setNumber(uint256)', args: ['42'] }, at: 20 }],
    });
    const read: string[] = [];
    const scenario = await loadScenario(file, process.cwd(), [], read);
    // Every file read, for --watch: the scenario, the artifact, its debug file and the build info.
    expect(read).toEqual([
      file,
      ...[
        'artifacts/contracts/Counter.sol/Counter.json',
        'artifacts/contracts/Counter.sol/Counter.dbg.json',
        'artifacts/build-info/073ba156ce8d9ddbf2eaaebbdd51d5ad.json',
      ].map((f) => join(HARDHAT, f)),
    ]);
    const chain = await built({ scenario, seed: 4 });
    expect(chainViolations(chain)).toEqual([]);
    const get = api(chain);
    const record = get(`/api/v2/smart-contracts/${chain.handles.Counter}`);
    const buildInfo = JSON.parse(
      readFileSync(join(HARDHAT, 'artifacts/build-info/073ba156ce8d9ddbf2eaaebbdd51d5ad.json'), 'utf8'),
    ) as Json;
    expect(record).toMatchObject({
      name: 'Counter',
      is_verified: true,
      compiler_version: 'v0.8.24+commit.e11b9ed9',
      file_path: 'contracts/Counter.sol',
      source_code: buildInfo.input.sources['contracts/Counter.sol'].content,
      additional_sources: [],
    });
    expect(record.compiler_settings).not.toHaveProperty('outputSelection');
    expect(record.compiler_settings.compilationTarget).toEqual({ 'contracts/Counter.sol': 'Counter' });
    // The build info compiled more than Counter.sol: the record lists what Counter's own metadata lists, not the whole job.
    const job = join(dir, 'hardhat-job');
    cpSync(HARDHAT, job, { recursive: true });
    const infoFile = join(job, 'artifacts/build-info/073ba156ce8d9ddbf2eaaebbdd51d5ad.json');
    const info = JSON.parse(readFileSync(infoFile, 'utf8')) as Json;
    info.input.sources['contracts/Unrelated.sol'] = { content: 'contract Unrelated {}' };
    writeFileSync(infoFile, JSON.stringify(info));
    const jobFile = write('hardhat-job.json', {
      extends: 'tiny',
      entities: {
        contracts: [{ name: 'Counter', artifact: './hardhat-job/artifacts/contracts/Counter.sol/Counter.json' }],
      },
    });
    const jobChain = await built({ scenario: await loadScenario(jobFile), seed: 4 });
    expect(api(jobChain)(`/api/v2/smart-contracts/${jobChain.handles.Counter}`)).toMatchObject({
      file_path: 'contracts/Counter.sol',
      additional_sources: [],
    });
    const calls = get(`/api/v2/addresses/${chain.handles.Counter}/transactions`).items as Json[];
    expect(calls.find((t) => t.method === 'setNumber')).toMatchObject({
      decoded_input: { method_call: 'setNumber(uint256 newNumber)', parameters: [{ value: '42' }] },
    });
  });

  it("takes Foundry sources from the metadata's literal content or from the build info, and inline code from the file", async () => {
    const withContent = structuredClone(artifact);
    for (const path of Object.keys(withContent.metadata.sources))
      withContent.metadata.sources[path].content = readFileSync(join(EXAMPLES, 'dapp', path), 'utf8');
    delete withContent.rawMetadata;
    write('literal/out/Greeter.sol/Greeter.json', withContent);
    const bare = structuredClone(artifact);
    delete bare.rawMetadata;
    write('built/out/Greeter.sol/Greeter.json', bare);
    write('built/out/build-info/0f.json', {
      _format: 'ethers-rs-sol-build-info-1',
      solcLongVersion: '0.8.24+commit.e11b9ed9',
      input: {
        language: 'Solidity',
        settings: {},
        sources: Object.fromEntries(
          Object.keys(bare.metadata.sources).map((p) => [
            p,
            { content: readFileSync(join(EXAMPLES, 'dapp', p), 'utf8') },
          ]),
        ),
      },
    });
    const file = write('foundry.json', {
      extends: 'tiny',
      entities: {
        contracts: [
          { name: 'Literal', artifact: './literal/out/Greeter.sol/Greeter.json', constructorArgs: ['a'] },
          { name: 'Built', artifact: './built/out/Greeter.sol/Greeter.json', constructorArgs: ['b'] },
          {
            name: 'Inline',
            address: '0x00000000000000000000000000000000000000A1',
            abi: ['constructor(address owner)', 'function ping(uint8 n) returns (bool)'],
            source: 'contract Inline { function ping(uint8 n) external returns (bool) { return n > 0; } }',
            compiler: { version: '0.8.26+commit.8a97fa7a', evmVersion: 'cancun' },
            constructorArgs: ['0x00000000000000000000000000000000000000b2'],
          },
        ],
      },
    });
    const chain = await built({ scenario: await loadScenario(file), seed: 5 });
    expect(chainViolations(chain)).toEqual([]);
    const get = api(chain);
    for (const name of ['Literal', 'Built']) {
      expect(get(`/api/v2/smart-contracts/${chain.handles[name]}`)).toMatchObject({
        name: 'Greeter',
        is_verified: true,
        file_path: 'src/Greeter.sol',
        additional_sources: [{ file_path: 'src/Ownable.sol' }],
      });
    }
    const inline = get('/api/v2/smart-contracts/0x00000000000000000000000000000000000000A1');
    expect(inline).toMatchObject({
      name: 'Inline',
      is_verified: true,
      compiler_version: 'v0.8.26+commit.8a97fa7a',
      evm_version: 'cancun',
      file_path: 'contracts/Inline.sol',
      decoded_constructor_args: [['0x00000000000000000000000000000000000000b2', { name: 'owner', type: 'address' }]],
    });
    expect(JSON.parse(inline.abi).map((x: Json) => x.name ?? x.type)).toEqual(['constructor', 'ping']);
    // Blockscout has no creation code for a contract no transaction created; the deployer's contracts keep theirs.
    const blockscout = createApi(chain, { profile: 'blockscout' });
    const record = (address: string) =>
      JSON.parse(blockscout(`/api/v2/smart-contracts/${address}`, new URLSearchParams()).body as string) as Json;
    expect(record('0x00000000000000000000000000000000000000A1')).toMatchObject({
      creation_bytecode: null,
      is_verified: true,
      name: 'Inline',
    });
    expect(record(chain.handles.Literal!).creation_bytecode).toMatch(/^0x6080/);
    // Drawn from the ABI: the dispatcher pushes its selector.
    expect(inline.deployed_bytecode).toContain(
      `63${AbiFunction.getSelector('function ping(uint8 n) returns (bool)').slice(2)}`,
    );
  });

  it('--watch rebuilds when the artifact changes, and keeps serving when the new one is broken', async () => {
    const project = join(dir, 'watched');
    cpSync(join(EXAMPLES, 'dapp'), project, { recursive: true });
    const artifactFile = join(project, 'out/Greeter.sol/Greeter.json');
    const file = write('watched.json', {
      extends: 'tiny',
      entities: {
        contracts: [{ name: 'Greeter', artifact: './watched/out/Greeter.sol/Greeter.json', constructorArgs: ['hi'] }],
      },
    });
    const cli = await spawnCli(['--scenario', file, '--watch', '--no-cache']);
    const get = async (url: string) => (await (await fetch(`${cli.url}${url}`)).json()) as Json;
    const until = async (test: () => Promise<boolean>) => {
      for (let i = 0; i < 100 && !(await test()); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await test()).toBe(true);
    };
    try {
      const address = handlesOf(await get('/__mock/scenario')).Greeter!;
      const names = async () =>
        JSON.parse((await get(`/api/v2/smart-contracts/${address}`)).abi).map(
          (x: Json) => x.name ?? x.type,
        ) as string[];
      expect(await names()).toContain('tip');
      const edited = structuredClone(artifact);
      edited.abi = edited.abi.filter((x: Json) => x.name !== 'tip');
      writeFileSync(artifactFile, JSON.stringify(edited));
      await until(async () => !(await names()).includes('tip'));
      expect((await get('/__mock/scenario')).start.build.number).toBe(2);
      writeFileSync(artifactFile, '{ "abi": 1 }');
      await until(async () => cli.stderr().includes('still serving build 2'));
      expect(cli.stderr()).toContain(
        `${file}: entities.contracts[0].artifact: ${artifactFile} has no "abi" array: not a Foundry or Hardhat artifact; still serving build 2`,
      );
      expect(await names()).not.toContain('tip');
    } finally {
      expect(await cli.stop()).toBe(0);
    }
  });

  const contracts = (list: unknown[], extra: Json = {}) => ({
    extends: 'tiny',
    entities: { accounts: [{ name: 'a', balance: '1 ETH', address: ALICE }], contracts: list },
    ...extra,
  });
  const abi = ['function hello(string who)'];
  it.each([
    [
      'an artifact that does not exist',
      contracts([{ name: 'C', artifact: './nowhere/C.json' }]),
      `entities.contracts[0].artifact: no such file: ${join(dir, 'nowhere/C.json')}`,
    ],
    [
      'a file that is not an artifact',
      contracts([{ name: 'C', artifact: './not-artifact.json' }]),
      `entities.contracts[0].artifact: ${join(dir, 'not-artifact.json')} has no "abi" array: not a Foundry or Hardhat artifact`,
    ],
    [
      'an artifact with unlinked libraries',
      contracts([{ name: 'C', artifact: './unlinked.json' }]),
      'entities.contracts[0].artifact: ' +
        join(dir, 'unlinked.json') +
        ': bytecode links libraries that are not linked yet',
    ],
    [
      'an artifact and an inline ABI',
      contracts([{ name: 'C', artifact: GREETER_ARTIFACT, abi }]),
      'entities.contracts[0].artifact: give an artifact or an inline abi, not both',
    ],
    [
      'a source that is not what the artifact was compiled from',
      contracts([{ name: 'C', artifact: './changed/out/Greeter.sol/Greeter.json', constructorArgs: ['x'] }]),
      `entities.contracts[0].artifact: ${join(dir, 'changed/src/Greeter.sol')} is not the source Greeter.json was compiled from (its keccak256 differs from the metadata's): rebuild the artifact`,
    ],
    [
      'a verified contract without its source',
      contracts([{ name: 'C', artifact: './sourceless/out/Greeter.sol/Greeter.json', constructorArgs: ['x'] }]),
      'entities.contracts[0].verified: a verified contract needs its source',
    ],
    [
      'a contract without code',
      contracts([{ name: 'C' }]),
      'entities.contracts[0]: give its code: an artifact, an inline abi, or a proxy of another named contract',
    ],
    [
      'an ABI that does not parse',
      contracts([{ name: 'C', verified: false, abi: ['function (('] }]),
      'entities.contracts[0].abi: not an ABI',
    ],
    [
      "a contract at an account's address",
      contracts([{ name: 'C', verified: false, abi, address: ALICE }]),
      `entities.contracts[0].address: ${ALICE} is already the address of entities.accounts[0]`,
    ],
    [
      'a contract at a precompile',
      contracts([{ name: 'C', verified: false, abi, address: '0x0000000000000000000000000000000000000009' }]),
      'entities.contracts[0].address: 0x0000000000000000000000000000000000000009 is the zero address or a precompile',
    ],
    [
      'a contract named like an account',
      contracts([{ name: 'a', verified: false, abi }]),
      'entities.contracts[0].name: "a" is already the name of entities.accounts[0]',
    ],
    [
      'a proxy of a contract never defined',
      contracts([{ name: 'P', proxy: { implementation: 'Nope', kind: 'eip1967' } }]),
      'entities.contracts[0].proxy.implementation: no contract named "Nope" listed before this one',
    ],
    [
      'a proxy with code of its own',
      contracts([
        { name: 'C', verified: false, abi },
        { name: 'P', abi, proxy: { implementation: 'C', kind: 'eip1167' } },
      ]),
      "entities.contracts[1].abi: a proxy's code is the standard EIP-1967 or EIP-1167 proxy",
    ],
    [
      'a deployer never defined',
      contracts([{ name: 'C', verified: false, abi, deployer: 'carol' }]),
      'entities.contracts[0].deployer: no account named "carol" in entities.accounts',
    ],
    [
      'constructor arguments the ABI does not take',
      contracts([{ name: 'C', artifact: GREETER_ARTIFACT }]),
      'entities.contracts[0].constructorArgs: its constructor takes 1 arguments (string), got 0',
    ],
    [
      'a call of a method the contract lacks',
      contracts([{ name: 'C', verified: false, abi }], {
        activity: [
          { from: 'a', to: 'C', call: { signature: 'steal()', args: [] }, status: 'error', revertReason: 'no' },
        ],
      }),
      'activity[0].call.signature: the ABI of C has no steal()',
    ],
    [
      'an event the contract lacks',
      contracts([{ name: 'C', verified: false, abi }], {
        activity: [
          { from: 'a', to: 'C', call: { signature: 'hello(string)', args: ['x'] }, emits: [{ event: 'Hi', args: [] }] },
        ],
      }),
      'activity[0].emits[0].event: the ABI of C has no event Hi',
    ],
    [
      'a constructor argument naming a contract listed after it',
      contracts([
        { name: 'C', verified: false, abi: ['constructor(address peer)'], constructorArgs: ['D'] },
        { name: 'D', verified: false, abi },
      ]),
      'entities.contracts[0].constructorArgs[0]: "D" does not exist yet when C is created (at set-up: accounts, tokens, pinned contracts and contracts listed before it do)',
    ],
    [
      'a pinned contract naming a token deployed at set-up',
      {
        ...contracts([
          {
            name: 'C',
            verified: false,
            abi: ['constructor(address token)'],
            constructorArgs: ['T'],
            address: '0x00000000000000000000000000000000000000c1',
          },
        ]),
        entities: {
          accounts: [{ name: 'a' }],
          tokens: [{ name: 'T', symbol: 'T', type: 'ERC-20' }],
          contracts: [
            {
              name: 'C',
              verified: false,
              abi: ['constructor(address token)'],
              constructorArgs: ['T'],
              address: '0x00000000000000000000000000000000000000c1',
            },
          ],
        },
      },
      'entities.contracts[0].constructorArgs[0]: "T" does not exist yet when C is created (at genesis: only accounts and pinned tokens and contracts listed before it do)',
    ],
    [
      'an integer past 2^53 as a JSON number',
      contracts([
        { name: 'C', verified: false, abi: ['constructor(uint256 n)'], constructorArgs: [12345678901234567891] },
      ]),
      'entities.contracts[0].constructorArgs[0]: uint256 n: 12345678901234567000 is past 2^53 as a JSON number and has lost digits: write it as a digit string',
    ],
    // Build info whose text of the source is not the one the metadata's keccak256 names is another build's: not used.
    [
      'only build info of another text of the source',
      contracts([{ name: 'C', artifact: './stale/out/Greeter.sol/Greeter.json', constructorArgs: ['x'] }]),
      'entities.contracts[0].verified: a verified contract needs its source',
    ],
    [
      'a read of a function the ABI lacks',
      contracts([{ name: 'C', verified: false, abi, reads: [{ function: 'greet()', returns: ['x'] }] }]),
      'entities.contracts[0].reads[0].function: the ABI of C has no greet()',
    ],
    [
      'a read of a function that is no view',
      contracts([{ name: 'C', verified: false, abi, reads: [{ function: 'hello(string)', returns: [] }] }]),
      'entities.contracts[0].reads[0].function: hello(string) is nonpayable, not a view: declare what it changes with sets on the call',
    ],
    [
      'a read returning more values than its function',
      contracts([
        {
          name: 'C',
          verified: false,
          abi: ['function greet() view returns (string)'],
          reads: [{ function: 'greet()', returns: ['x', 'y'] }],
        },
      ]),
      'entities.contracts[0].reads[0].returns: greet() returns 1 values (string), got 2',
    ],
    [
      "a proxy's read its implementation lacks",
      contracts([
        { name: 'C', verified: false, abi },
        {
          name: 'P',
          proxy: { implementation: 'C', kind: 'eip1967' },
          reads: [{ function: 'owner()', returns: ['a'] }],
        },
      ]),
      'entities.contracts[1].reads[0].function: the ABI of its implementation C has no owner()',
    ],
    [
      'a read returning a name that is no entity',
      contracts([
        {
          name: 'C',
          verified: false,
          abi: ['function owner() view returns (address)'],
          reads: [{ function: 'owner()', returns: ['zed'] }],
        },
      ]),
      'entities.contracts[0].reads[0].returns[0]: "zed" is no named account, named token, named contract or 0x address',
    ],
    [
      'reads set by a failing call',
      contracts([{ name: 'C', verified: false, abi: [...abi, 'function greet() view returns (string)'] }], {
        activity: [
          {
            from: 'a',
            to: 'C',
            call: { signature: 'hello(string)', args: ['x'] },
            status: 'error',
            sets: [{ function: 'greet()', returns: ['x'] }],
          },
        ],
      }),
      "activity[0].sets: a successful transaction to a named contract sets what that contract's views return",
    ],
    [
      'events on a failing call',
      contracts([{ name: 'C', verified: false, abi }], {
        activity: [
          {
            from: 'a',
            to: 'C',
            call: { signature: 'hello(string)', args: ['x'] },
            status: 'error',
            emits: [{ event: 'Hi', args: [] }],
          },
        ],
      }),
      'activity[0].emits: events are emitted by a successful call of a named contract',
    ],
  ])('refuses %s: one line naming the file and the path, exit code 2', async (_what, content, message) => {
    write('not-artifact.json', { contractName: 'C', bytecode: '0x00' });
    write('unlinked.json', { abi: [], bytecode: `0x6080__$${'0'.repeat(34)}$__`, deployedBytecode: '0x' });
    const changed = join(dir, 'changed');
    cpSync(join(EXAMPLES, 'dapp'), changed, { recursive: true });
    writeFileSync(
      join(changed, 'src/Greeter.sol'),
      `${readFileSync(join(changed, 'src/Greeter.sol'), 'utf8')}\n// edited\n`,
    );
    const sourceless = structuredClone(artifact);
    delete sourceless.rawMetadata;
    write('sourceless/out/Greeter.sol/Greeter.json', sourceless);
    write('stale/out/Greeter.sol/Greeter.json', sourceless);
    write('stale/out/build-info/1.json', {
      solcLongVersion: '0.8.24+commit.e11b9ed9',
      input: {
        sources: { 'src/Greeter.sol': { content: 'contract Greeter {}' }, 'src/Ownable.sol': { content: 'x' } },
      },
    });
    const file = write(`bad-${Math.random().toString(36).slice(2)}.json`, content);
    const run = await runCli(['--scenario', file, '--port', '0', '--no-cache']);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toContain(`explorer-mock: ${file}: ${message}`);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });
});
