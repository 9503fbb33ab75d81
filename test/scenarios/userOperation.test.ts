import * as AbiEvent from 'ox/AbiEvent';
import * as AbiFunction from 'ox/AbiFunction';
import * as Hash from 'ox/Hash';
import * as Hex from 'ox/Hex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChain } from '../../generators/buildChain.js';
import { findScenario } from '../../scenarios/index.js';
import type { Scenario } from '../../scenarios/types.js';
import { createHandler } from '../../src/handler/createHandler.js';
import { type RunningServer, startServer } from '../../src/startServer.js';
import { agreementViolations } from '../support/agreementLaws.js';
import { chainViolations } from '../support/chainLaws.js';
import { serverClient } from '../support/serverClient.js';

type Json = Record<string, any>;
const ENTRY_POINT_V07 = '0x0000000071727de22e5e9d8baf0edac6f37da032';
const USER_OPERATION_EVENT = AbiEvent.from(
  'event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)',
);

/**
 * alice's own smart account (named aliceWallet) on tiny: carol bundles its first operation at 20,
 * sponsored, which deploys it; alice funds it with coin and TUSD at 22; at 24 it pays bob 0.1 ETH
 * from its balance; at 26 it sends bob 20 TUSD on nonce key 1, sponsored; at 28 its call of the
 * team's Vault reverts.
 */
const scenario: Scenario = {
  ...(findScenario('tiny') as Scenario),
  entities: {
    accounts: [
      { name: 'alice', balance: '5 ETH' },
      { name: 'bob', balance: '1 ETH' },
      { name: 'carol', balance: '1 ETH' },
    ],
    tokens: [{ name: 'Team USD', symbol: 'TUSD', type: 'ERC-20', decimals: 6, holders: { alice: '1000' } }],
    contracts: [{ name: 'Vault', abi: ['function withdraw(uint256 amount)'], verified: false }],
  },
  activity: [
    {
      at: 20,
      from: 'carol',
      to: 'bob',
      userOperation: { owner: 'alice', account: 'aliceWallet', sponsored: true },
    },
    { at: 22, from: 'alice', to: 'aliceWallet', value: '1 ETH' },
    {
      at: 22,
      from: 'alice',
      to: 'TUSD',
      call: { signature: 'transfer(address,uint256)', args: ['aliceWallet', 50_000_000] },
    },
    { at: 24, from: 'carol', to: 'bob', value: '0.1 ETH', userOperation: { owner: 'alice' } },
    {
      at: 26,
      from: 'carol',
      to: 'TUSD',
      call: { signature: 'transfer(address,uint256)', args: ['bob', 20_000_000] },
      userOperation: { owner: 'alice', sponsored: true, key: 1 },
    },
    {
      at: 28,
      from: 'carol',
      to: 'Vault',
      call: { signature: 'withdraw(uint256)', args: [5] },
      status: 'error',
      revertReason: 'not the owner',
      userOperation: { owner: 'alice', account: 'aliceWallet' },
    },
  ],
};

describe('a scenario pins its own ERC-4337 user operations', () => {
  let server: RunningServer;
  const { get, rpc, handles: handlesOf } = serverClient(() => server.url);
  beforeAll(async () => {
    server = await startServer({ scenario, seed: 4, cache: false, profile: 'blockscout' });
  });
  afterAll(() => server.close());

  it('deploys alice’s smart account by its first, sponsored operation and runs the rest from it, keeping every chain law', async () => {
    expect(chainViolations(server.chain)).toEqual([]);
    const handles = await handlesOf();
    const [wallet, bob, carol, tusd] = [handles.aliceWallet!, handles.bob!, handles.carol!, handles.TUSD!];
    expect(wallet).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const lower = (s: string) => s.toLowerCase();
    const ops = (
      (await get(`/api/v2/proxy/account-abstraction/operations?sender=${wallet}`)).items as Json[]
    ).reverse();
    expect(ops.map((o) => [Number(o.block_number), o.status])).toEqual([
      [20, true],
      [24, true],
      [26, true],
      [28, false],
    ]);
    const details = await Promise.all(ops.map((o) => get(`/api/v2/proxy/account-abstraction/operations/${o.hash}`)));
    const hashOf = (ref: unknown) => lower(typeof ref === 'string' ? ref : (ref as Json).hash);
    for (const op of details) {
      expect(hashOf(op.sender)).toBe(lower(wallet));
      expect(hashOf(op.bundler)).toBe(lower(carol));
      expect(hashOf(op.entry_point)).toBe(ENTRY_POINT_V07);
    }
    // Nonces: key 0 counts 0, 1, 2; key 1 its own 0.
    expect(details.map((o) => BigInt(o.nonce))).toEqual([0n, 1n, (1n << 64n) | 0n, 2n]);
    // Only the first deploys it (its factory); the first and third are sponsored.
    expect(details.map((o) => o.factory !== null)).toEqual([true, false, false, false]);
    // Its init code asks the factory for the account it became: createAccount(alice, keccak256(alice ‖ 0)),
    // the salt the factory's CREATE2 takes as given.
    const alice = server.chain.accounts[server.chain.accountByHash.get(server.chain.handles.alice!.toLowerCase())!]!;
    const salt = Hash.keccak256(Hex.concat(alice.hash as Hex.Hex, Hex.padLeft(Hex.fromNumber(0), 32)));
    const initCode = details[0]!.raw.init_code as string;
    expect(lower(initCode.slice(0, 42))).toBe(lower(hashOf(details[0]!.factory)));
    expect(
      AbiFunction.decodeData(
        AbiFunction.from('function createAccount(address owner, uint256 salt)'),
        `0x${initCode.slice(42)}` as Hex.Hex,
      ),
    ).toEqual([alice.lower, Hex.toBigInt(salt)]);
    expect(details.map((o) => o.paymaster !== null)).toEqual([true, false, true, false]);

    // The bundles: carol's handleOps to the EntryPoint, each reporting its operation by UserOperationEvent.
    const topic0 = AbiEvent.getSelector(USER_OPERATION_EVENT);
    for (const op of details) {
      const tx = await get(`/api/v2/transactions/${op.transaction_hash}`);
      expect(lower(tx.from.hash)).toBe(lower(carol));
      expect(lower(tx.to.hash)).toBe(ENTRY_POINT_V07);
      expect(tx.status).toBe('ok');
      const logs = (await get(`/api/v2/transactions/${op.transaction_hash}/logs`)).items as Json[];
      expect(logs.some((l) => l.topics[0] === topic0 && l.topics[1] === op.hash)).toBe(true);
      const receipt = await rpc('eth_getTransactionReceipt', [op.transaction_hash]);
      expect(receipt.status).toBe('0x1');
      const log = (receipt.logs as Json[]).find((l) => l.topics[0] === topic0 && l.topics[1] === op.hash)!;
      const decoded = AbiEvent.decode(USER_OPERATION_EVENT, { topics: log.topics, data: log.data }) as Json;
      expect(lower(decoded.sender)).toBe(lower(wallet));
      expect(decoded.success).toBe(op.status);
    }
    const [first, paid, token, failed] = details;
    // The first created the account: AccountDeployed in its bundle, the account's code from that block.
    const firstLogs = (await get(`/api/v2/transactions/${first!.transaction_hash}/logs`)).items as Json[];
    expect(firstLogs.some((l) => l.decoded?.method_call?.startsWith('AccountDeployed'))).toBe(true);
    expect(await rpc('eth_getCode', [wallet, '0x13'])).toBe('0x');
    expect(await rpc('eth_getCode', [wallet, '0x14'])).not.toBe('0x');
    const account = await get(`/api/v2/addresses/${wallet}`);
    expect(account.is_contract).toBe(true);
    // 0.1 ETH to bob from the account's balance; 20 TUSD to bob; the Vault's call reverted with its reason.
    const internals = (await get(`/api/v2/transactions/${paid!.transaction_hash}/internal-transactions`))
      .items as Json[];
    expect(
      internals.some(
        (i) =>
          lower(i.from.hash) === lower(wallet) && lower(i.to.hash) === lower(bob) && i.value === '100000000000000000',
      ),
    ).toBe(true);
    const transfers = (await get(`/api/v2/transactions/${token!.transaction_hash}/token-transfers`)).items as Json[];
    expect(
      transfers.map((t) => [
        lower(t.from.hash),
        lower(t.to.hash),
        lower(t.token.address_hash ?? t.token.address),
        t.total.value,
      ]),
    ).toEqual([[lower(wallet), lower(bob), lower(tusd), '20000000']]);
    expect(failed!.status).toBe(false);
    expect(failed!.revert_reason).toBeTruthy();
  });

  it('agrees between the account-abstraction proxy, REST and the node (the user-operation agreement laws among all)', async () => {
    const handler = createHandler({ scenario, seed: 4, profile: 'blockscout', cache: false });
    expect((await agreementViolations(handler)).violations).toEqual([]);
  });

  it('gives another salt or EntryPoint another account, each deployed by its own factory, keeping every chain law', () => {
    const chain = buildChain({
      seed: 2,
      scenario: {
        ...scenario,
        activity: [
          { at: 20, from: 'carol', to: 'bob', userOperation: { owner: 'alice', account: 'w07', sponsored: true } },
          {
            at: 20,
            from: 'carol',
            to: 'bob',
            userOperation: { owner: 'alice', account: 'w07salt', salt: 7, sponsored: true },
          },
          {
            at: 22,
            from: 'bob',
            to: 'alice',
            userOperation: { owner: 'alice', account: 'w06', entryPoint: '0.6', sponsored: true },
          },
        ],
      },
    });
    expect(chainViolations(chain)).toEqual([]);
    const names = ['w07', 'w07salt', 'w06'];
    const accounts = names.map((n) => chain.accounts[chain.accountByHash.get(chain.handles[n]!.toLowerCase())!]!);
    expect(new Set(names.map((n) => chain.handles[n])).size).toBe(3);
    expect(accounts.map((a) => [a.contract?.kind, chain.accounts[a.contract!.creatorId]!.contract?.kind])).toEqual([
      ['smart-account', 'account-factory'],
      ['smart-account', 'account-factory'],
      ['smart-account', 'account-factory'],
    ]);
    // The v0.6 account's factory is v0.6's, not v0.7's.
    expect(accounts[2]!.contract!.creatorId).not.toBe(accounts[0]!.contract!.creatorId);
  });

  it('refuses an unknown owner, a taken or doubled name, a first operation not sponsored, and what makes no sense with it, naming the path', () => {
    const build = (activity: Scenario['activity']) => () =>
      buildChain({ seed: 1, scenario: { ...scenario, activity } });
    expect(build([{ from: 'carol', to: 'bob', userOperation: { owner: 'dave', sponsored: true } }])).toThrow(
      'activity[0].userOperation.owner: no account named "dave" in entities.accounts',
    );
    expect(build([{ from: 'carol', to: 'bob', userOperation: { owner: 'alice', account: 'Vault' } }])).toThrow(
      'activity[0].userOperation.account: "Vault" is already the name of an account, a token or a contract',
    );
    expect(
      build([
        { from: 'carol', to: 'bob', userOperation: { owner: 'alice', account: 'w' } },
        { from: 'carol', to: 'bob', userOperation: { owner: 'alice', salt: 1, account: 'w' } },
      ]),
    ).toThrow('activity[1].userOperation.account: "w" already names the smart account of activity[0]');
    expect(build([{ from: 'carol', to: 'bob', userOperation: { owner: 'alice', salt: 1 }, emits: [] }])).toThrow(
      'activity[0].userOperation: a user operation makes one call from the smart account: give no delegate, emits or sets',
    );
    expect(build([{ from: 'carol', to: 'bob', value: 'lots', userOperation: { owner: 'alice' } }])).toThrow(
      'activity[0].value',
    );
    expect(build([{ at: 12, from: 'carol', to: 'bob', userOperation: { owner: 'alice' } }])).toThrow(
      "activity[0].userOperation.sponsored: this operation deploys alice's smart account (its first), so the paymaster must sponsor it",
    );
    expect(
      build([
        { at: 12, from: 'carol', to: 'bob', userOperation: { owner: 'alice', sponsored: true } },
        { at: 14, from: 'carol', to: 'bob', value: '1 ETH', userOperation: { owner: 'alice' } },
      ]),
    ).toThrow(/activity\[1\]\.value: alice's smart account holds 0 wei at block \d+, cannot send 1000000000000000000/);
    expect(
      build([
        { at: 12, from: 'alice', to: 'w', value: '1 ETH' },
        { at: 14, from: 'carol', to: 'bob', userOperation: { owner: 'alice', account: 'w', sponsored: true } },
      ]),
    ).toThrow(
      /activity\[0\]\.to: the smart account w is not deployed yet at block \d+ \(its first user operation deploys it\)/,
    );
  });
});
