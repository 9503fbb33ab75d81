import { describe, expect, it } from 'vitest';
import { buildChain } from '../../generators/buildChain.js';
import { findScenario } from '../../scenarios/index.js';
import { createApi } from '../../src/app/createApi.js';
import { createChainApp, loadAnswerModules } from '../../src/app/chainApp.js';
import { rowsOf, type Table } from '../../src/chain/table.js';
import type { Chain } from '../../src/chain/types.js';
import { codeAt } from '../../src/domain/contracts.js';
import { factsOf } from '../../src/domain/facts.js';
import { storageWrittenAt } from '../../src/domain/storage.js';
import { runContractCode } from '../../src/execution/contractRuns.js';
import { reviveRuns } from '../../src/execution/savedRuns.js';
import type { ContractRuns } from '../../generators/ledger/contractRuns.js';
import { type ContractRunner, openChain } from '../../src/snapshotCache/openChain.js';
import { startServer } from '../../src/startServer.js';
import { getUrl } from '../../src/rest/walkPages.js';
import { createHandler } from '../../src/handler/createHandler.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chainViolations } from '../support/chainLaws.js';
import { artifact, evmChain } from '../evm/harness.js';

type Json = Record<string, any>;

const DEV = `0x${'a1'.repeat(32)}` as const;
const SUPPLY = 1_000_000n * 10n ** 18n;
const PINNED = '0x00000000000000000000000000000000000070Ce';
const token = artifact('Token');
const mirror = artifact('Mirror');
const counter = artifact('Counter');
const code = (a: typeof token) => ({ abi: a.abi, bytecode: a.bytecode, deployedBytecode: a.deployedBytecode });

/** A chain whose contracts bring their own code: an ERC-20 pinned at genesis, one created at set-up, and a contract whose constructor reads it. */
const scenario = {
  ...findScenario('tiny')!,
  name: 'constructors',
  entities: {
    accounts: [{ name: 'dev', privateKey: DEV, balance: '100 ETH' }],
    contracts: [
      { name: 'Pinned', address: PINNED, ...code(token), constructorArgs: [String(SUPPLY)], verified: false },
      { name: 'Minted', deployer: 'dev', ...code(token), constructorArgs: [String(SUPPLY)], verified: false },
      { name: 'Mirror', deployer: 'dev', ...code(mirror), constructorArgs: ['Minted'], verified: false },
      { name: 'Counter', deployer: 'dev', ...code(counter), verified: false },
    ],
  },
  activity: [
    {
      from: 'dev',
      to: 'Counter',
      call: { signature: 'increment()', args: [] },
      emits: [{ event: 'Incremented', args: ['dev', '1'] }],
      at: 20,
    },
    { from: 'dev', to: 'Counter', call: { signature: 'add(uint256)', args: ['500'] }, status: 'error', at: 21 },
    // Each increment reads what the one before wrote: a chain of five runs to settle.
    { from: 'dev', to: 'Counter', call: { signature: 'increment()', args: [] }, repeat: 4 },
  ],
};

const built = runContractCode({ scenario: scenario as never, seed: 1 });
const rest = (chain: Chain) => {
  const api = createApi(chain, { profile: 'blockscout' });
  return (url: string) => JSON.parse(getUrl(api, url).body) as Json;
};

describe("a scenario's contracts that bring their own code run their constructors when the chain is built", () => {
  it('one created at set-up: its storage is what its constructor wrote, its mint a token the explorer lists, its gas the EVM’s', async () => {
    const t = evmChain(await built);
    const chain = t.chain;
    expect(chainViolations(chain)).toEqual([]);
    const dev = chain.handles.dev!;
    const minted = chain.handles.Minted!;
    const at = minted.toLowerCase();
    expect((await t.read(token, at, 'balanceOf', [dev])).value).toBe(SUPPLY);
    expect((await t.read(token, at, 'name')).value).toBe('Test Token');
    const get = rest(chain);
    expect(get(`/api/v2/tokens/${minted}`)).toMatchObject({
      name: 'Test Token',
      symbol: 'TT',
      decimals: '18',
      type: 'ERC-20',
      total_supply: String(SUPPLY),
      holders_count: '1',
    });
    expect((get(`/api/v2/tokens/${minted}/holders`).items as Json[]).map((h) => [h.address.hash, h.value])).toEqual([
      [dev, String(SUPPLY)],
    ]);
    const creation = get(`/api/v2/addresses/${minted}`).creation_transaction_hash as string;
    const transfers = get(`/api/v2/transactions/${creation}/token-transfers`).items as Json[];
    expect(transfers.map((x) => [x.type, x.from.hash, x.to.hash, x.total.value])).toEqual([
      ['token_minting', '0x0000000000000000000000000000000000000000', dev, String(SUPPLY)],
    ]);
    // The same deployment sent to the node by the same account costs the same gas.
    const genesisRun = get(`/api/v2/transactions/${creation}`);
    const sent = await t.deploy(DEV, token, [SUPPLY]);
    expect(sent.transaction.status).toBe('ok');
    expect(genesisRun.gas_used).toBe(String(sent.transaction.gasUsed));
  });

  it('one pinned at genesis: the genesis holds its storage and the runtime its constructor returned, and no creation', async () => {
    const { contractRuns, ...options } = await built;
    const chain = buildChain(await built);
    const facts = factsOf(chain);
    const id = chain.accountByHash.get(PINNED.toLowerCase())!;
    expect(chain.accounts[id]!.contract).toMatchObject({ creationTransaction: -1, creatorId: -1 });
    // OpenZeppelin's ERC-20 keeps its total supply in slot 2.
    expect(storageWrittenAt(facts, id, `0x${'0'.repeat(63)}2`, 0)).toBe(`0x${SUPPLY.toString(16).padStart(64, '0')}`);
    expect(codeAt(facts, id, 0)).toBe(token.deployedBytecode);
    const t = evmChain({ ...options, ...(contractRuns ? { contractRuns } : {}) });
    // Its constructor ran as sent by the protocol deployer (a pinned contract names no deployer of its own).
    expect((await t.read(token, PINNED.toLowerCase(), 'balanceOf', [chain.handles.deployer!])).value).toBe(SUPPLY);
    expect((await t.read(token, PINNED.toLowerCase(), 'symbol')).value).toBe('TT');
    // A genesis allocation has no logs: the explorer has no transfer of it, so no token, as Blockscout would.
    expect(rest(chain)(`/api/v2/addresses/${PINNED}`)).toMatchObject({
      is_contract: true,
      creation_transaction_hash: null,
      token: null,
    });
  });

  it("a constructor that reads another contract sees what that one's constructor wrote; its immutables are in its runtime", async () => {
    const t = evmChain(await built);
    const chain = t.chain;
    const [dev, minted, mirrored] = [chain.handles.dev!, chain.handles.Minted!, chain.handles.Mirror!];
    const at = mirrored.toLowerCase();
    expect((await t.read(mirror, at, 'seen')).value).toBe(SUPPLY);
    expect((await t.read(mirror, at, 'seenName')).value).toBe('Test Token');
    expect((await t.read(mirror, at, 'token')).value).toBe(minted.toLowerCase());
    const facts = factsOf(chain);
    const runtime = codeAt(facts, chain.accountByHash.get(mirrored.toLowerCase())!, chain.headHeight);
    expect(runtime).not.toBe(mirror.deployedBytecode);
    expect(runtime).toContain(minted.slice(2).toLowerCase());
    const get = rest(chain);
    const creation = get(`/api/v2/addresses/${mirrored}`).creation_transaction_hash as string;
    const logs = get(`/api/v2/transactions/${creation}/logs`).items as Json[];
    expect(logs.map((l) => [l.address.hash, l.topics.slice(1, 3)])).toEqual([
      [
        mirrored,
        [`0x${minted.slice(2).toLowerCase().padStart(64, '0')}`, `0x${dev.slice(2).toLowerCase().padStart(64, '0')}`],
      ],
    ]);
    // Its reads of the token are internal calls the explorer lists.
    expect(
      (get(`/api/v2/transactions/${creation}/internal-transactions`).items as Json[]).map((i) => [i.type, i.to.hash]),
    ).toEqual([
      ['staticcall', minted],
      ['staticcall', minted],
    ]);
  });

  it("a scripted call of such a contract runs its code: its storage, logs and failure are the code's", async () => {
    const t = evmChain(await built);
    const chain = t.chain;
    expect(chainViolations(chain)).toEqual([]);
    const at = chain.handles.Counter!.toLowerCase();
    expect((await t.read(counter, at, 'count')).value).toBe(5n);
    expect((await t.read(counter, at, 'byUser', [chain.handles.dev!])).value).toBe(5n);
    const get = rest(chain);
    const calls = (get(`/api/v2/addresses/${chain.handles.Counter}/transactions`).items as Json[]).filter(
      (x) => x.to?.hash === chain.handles.Counter,
    );
    expect(calls.map((x) => x.status).sort()).toEqual(['error', 'ok', 'ok', 'ok', 'ok', 'ok']);
    // Each increment logged Incremented(dev, n) as the code counted, not as an entry declared.
    const logs = (get(`/api/v2/addresses/${chain.handles.Counter}/logs`).items as Json[]).map((l) =>
      BigInt(l.data as string),
    );
    expect(logs.sort()).toEqual([1n, 2n, 3n, 4n, 5n]);
    const failed = calls.find((x) => x.status === 'error')!;
    expect(failed.block_number).toBeGreaterThanOrEqual(21);
    // The custom error TooBig(500) has no reason text: geth's words for it.
    const tx = chain.transactions.at(chain.transactionByHash.get(failed.hash)!)!;
    expect(tx.revertReason).toBe('execution reverted');
  });

  it('refuses a scripted call that declares what its code does not do, at its path', async () => {
    const refused = async (entry: Json) =>
      runContractCode({ scenario: { ...scenario, name: 'declares-otherwise', activity: [entry] } as never, seed: 1 });
    await expect(
      refused({ from: 'dev', to: 'Counter', call: { signature: 'increment()', args: [] }, status: 'error', at: 20 }),
    ).rejects.toThrow("buildChain: activity[0].status: Counter's code runs this call successfully");
    await expect(
      refused({ from: 'dev', to: 'Counter', call: { signature: 'add(uint256)', args: ['500'] }, at: 20 }),
    ).rejects.toThrow("buildChain: activity[0].status: Counter's code reverts this call: execution reverted");
    await expect(
      refused({
        from: 'dev',
        to: 'Counter',
        call: { signature: 'add(uint256)', args: ['5'] },
        emits: [{ event: 'Incremented', args: ['dev', '5'] }],
        at: 20,
      }),
    ).rejects.toThrow(
      "buildChain: activity[0].emits: Counter's code emits [] in this call, the entry declares [Incremented]",
    );
  });

  it('settles a chain of calls each reading the one before, however long', async () => {
    const repeated = {
      ...scenario,
      name: 'repeated-calls',
      entities: { ...scenario.entities, contracts: [scenario.entities.contracts[3]] },
      activity: [{ from: 'dev', to: 'Counter', call: { signature: 'increment()', args: [] }, repeat: 6 }],
    };
    const t = evmChain(await runContractCode({ scenario: repeated as never, seed: 1 }));
    expect((await t.read(counter, t.chain.handles.Counter!.toLowerCase(), 'count')).value).toBe(6n);
  });

  it('gives the same chain for the same scenario and seed', async () => {
    const again = await runContractCode({ scenario: scenario as never, seed: 1 });
    const [a, b] = [buildChain(await built), buildChain(again)];
    expect(rowsOf(b.storageWrites)).toEqual(rowsOf(a.storageWrites));
    expect(rowsOf(b.transactions)).toEqual(rowsOf(a.transactions));
    expect(rowsOf(b.events)).toEqual(rowsOf(a.events));
  });

  it('keeps its runs in the snapshot: a chain opened from the cache is served and mined without running them again', async () => {
    const cache = { dir: mkdtempSync(join(tmpdir(), 'explorer-mock-runs-kept-')) };
    const calls = { run: 0, revive: 0 };
    const contractRunner: ContractRunner = {
      run: async (options) => (calls.run++, (await runContractCode(options)).contractRuns!),
      revive: async (saved, options) => (calls.revive++, reviveRuns(saved, options)),
    };
    const options = { scenario: scenario as never, seed: 1, cache, contractRunner };
    const first = await openChain(options);
    first.saveSnapshot();
    const second = await openChain(options);
    expect([first.origin.source, second.origin.source]).toEqual(['built', 'snapshot']);
    expect(calls).toEqual({ run: 1, revive: 1 });
    // Mining builds the chain again with the runs: those the snapshot kept give the same blocks.
    const further = (contractRuns: ContractRuns) =>
      buildChain({ scenario: scenario as never, seed: 1, head: first.chain.headHeight + 3, contractRuns });
    const [a, b] = [further(first.contractRuns!), further(second.contractRuns!)];
    expect(rowsOf(b.transactions)).toEqual(rowsOf(a.transactions));
    expect(rowsOf(b.storageWrites)).toEqual(rowsOf(a.storageWrites));
    expect(rowsOf(b.events)).toEqual(rowsOf(a.events));
    // A server opened from that cache mines as the one that ran them.
    const [ran, kept] = [
      await startServer({ scenario: scenario as never, seed: 1, cache: false }),
      await startServer({ scenario: scenario as never, seed: 1, cache }),
    ];
    try {
      expect(kept.origin.source).toBe('snapshot');
      await Promise.all([kept.mine(2), ran.mine(2)]);
      for (const table of ['transactions', 'storageWrites', 'events', 'tokenTransfers'] as const)
        expect(rowsOf(kept.chain[table] as Table<unknown>), table).toEqual(rowsOf(ran.chain[table] as Table<unknown>));
      const head = `/api/v2/blocks/${kept.chain.headHeight}`;
      expect(await (await fetch(`${kept.url}${head}`)).json()).toEqual(await (await fetch(`${ran.url}${head}`)).json());
    } finally {
      await Promise.all([ran.close(), kept.close()]);
    }
  });

  it("a token whose code answers no name(), symbol() or decimals(): Blockscout's nulls, the spec's strings", async () => {
    // Its constructor logs an ERC-20 Transfer of 100 from the zero address to its deployer; its runtime is one STOP.
    const TRANSFER = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
    const bareScenario = {
      ...findScenario('tiny')!,
      name: 'bare-token',
      entities: {
        accounts: [{ name: 'dev', privateKey: DEV, balance: '100 ETH' }],
        contracts: [
          {
            name: 'Bare',
            deployer: 'dev',
            abi: [],
            bytecode: `0x60646000523360007f${TRANSFER}60206000a3600060005360016000f3`,
            deployedBytecode: '0x00',
            verified: false,
          },
        ],
      },
    };
    const chain = buildChain(await runContractCode({ scenario: bareScenario as never, seed: 1 }));
    const address = chain.handles.Bare!;
    const blockscout = rest(chain);
    const spec = (url: string) => JSON.parse(getUrl(createApi(chain), url).body) as Json;
    const fields = (token: Json) => [
      token.type,
      token.name,
      token.symbol,
      token.decimals,
      token.exchange_rate,
      token.circulating_market_cap,
    ];
    // And no market prices it: Blockscout shows no rate and no market cap.
    expect(fields(blockscout(`/api/v2/tokens/${address}`))).toEqual(['ERC-20', null, null, null, null, null]);
    expect(fields(spec(`/api/v2/tokens/${address}`))).toEqual(['ERC-20', '', '', '18', '0', '0']);
    const [transfer] = blockscout(`/api/v2/tokens/${address}/transfers`).items as Json[];
    expect(transfer!.total).toEqual({ decimals: null, value: '100' });
    expect(((transfer!.to as Json).hash as string).toLowerCase()).toBe(chain.handles.dev!.toLowerCase());
    expect(blockscout(`/api/v2/addresses/${address}`).name).toBeNull();
    // Blockscout's /api: its record's nils, null name and symbol, and `to_string(nil)` decimals.
    await loadAnswerModules();
    const app = createChainApp(chain, { profile: 'blockscout' });
    const api = (query: string) => {
      const { body } = app.answer({ method: 'GET', url: `/api?${query}`, header: () => undefined });
      return JSON.parse(String(body)).result as Json;
    };
    const tokenFields = (row: Json, keys: readonly string[]) => keys.map((key) => row[key]);
    const [tokentx] = api(`module=account&action=tokentx&contractaddress=${address}`) as Json[];
    expect(tokenFields(tokentx!, ['tokenName', 'tokenSymbol', 'tokenDecimal', 'value'])).toEqual([
      null,
      null,
      '',
      '100',
    ]);
    const gettoken = api(`module=token&action=gettoken&contractaddress=${address}`);
    expect(tokenFields(gettoken, ['name', 'symbol', 'decimals', 'totalSupply'])).toEqual([null, null, '', '100']);
    const [listed] = api(`module=account&action=tokenlist&address=${chain.handles.dev}`) as Json[];
    expect(tokenFields(listed!, ['name', 'symbol', 'decimals', 'balance'])).toEqual([null, null, '', '100']);
  });

  it('refuses a build without the runs, and a constructor that reverts, naming the contract', async () => {
    expect(() => buildChain({ scenario: scenario as never, seed: 1 })).toThrow(
      "buildChain: entities.contracts[0]: Pinned's constructor runs on the EVM, which is asynchronous: build with the options `await runContractCode(options)` gives",
    );
    const broken = {
      ...scenario,
      name: 'broken-constructor',
      activity: [],
      entities: {
        ...scenario.entities,
        contracts: [
          scenario.entities.contracts[1],
          { name: 'Broken', deployer: 'dev', ...code(mirror), constructorArgs: ['dev'], verified: false },
        ],
      },
    };
    await expect(runContractCode({ scenario: broken as never, seed: 1 })).rejects.toThrow(
      'buildChain: entities.contracts[1]: the constructor of Broken reverted: execution reverted',
    );
    // A pinned contract whose constructor creates another: a genesis allocation holds one contract.
    const creating = {
      ...broken,
      name: 'pinned-creates',
      entities: {
        ...scenario.entities,
        contracts: [
          {
            name: 'Factory',
            address: PINNED,
            abi: [],
            bytecode: '0x600060006000f050600060005360016000f3',
            deployedBytecode: '0x00',
            verified: false,
          },
        ],
      },
    };
    await expect(runContractCode({ scenario: creating as never, seed: 1 })).rejects.toThrow(
      "buildChain: entities.contracts[0]: the constructor of Factory creates a contract or writes another account's storage, which a genesis allocation of one contract cannot hold (leave out its address to deploy it at set-up)",
    );
    // Runs are for the options they were run with: another seed, or a clock anchored elsewhere, refuses them.
    const runs = await built;
    expect(() => buildChain({ ...runs, seed: 2 })).toThrow(
      'buildChain: contractRuns were run for another scenario, seed, genesis time or slot length: run runContractCode with these options',
    );
    expect(() => buildChain({ ...runs, genesisTime: 1_800_000_000 })).toThrow('contractRuns were run for another');
    // And a cached chain does not stand in for them.
    const cache = { dir: mkdtempSync(join(tmpdir(), 'explorer-mock-runs-cache-')) };
    createHandler({ ...runs, cache });
    expect(() => createHandler({ scenario: scenario as never, seed: 1, cache })).toThrow(
      "createHandler: entities.contracts[0]: Pinned's constructor runs on the EVM",
    );
  });
});
