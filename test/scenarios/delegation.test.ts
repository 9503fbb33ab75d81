import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChain } from '../../generators/buildChain.js';
import { findScenario } from '../../scenarios/index.js';
import type { Scenario } from '../../scenarios/types.js';
import { type RunningServer, startServer } from '../../src/startServer.js';
import { chainViolations } from '../support/chainLaws.js';
import { serverClient } from '../support/serverClient.js';

type Json = Record<string, any>;
const ZERO = '0x0000000000000000000000000000000000000000';

/** A team's own account contract (ABI only: its code a dispatcher of its selectors), which alice delegates to at block 20; bob clears it for her at 30. */
const scenario: Scenario = {
  ...(findScenario('tiny') as Scenario),
  entities: {
    accounts: [
      { name: 'alice', balance: '2 ETH' },
      { name: 'bob', balance: '1 ETH' },
    ],
    contracts: [
      {
        name: 'TeamWallet',
        abi: ['function execute(address to, uint256 value, bytes data)', 'function owner() view returns (address)'],
        verified: false,
      },
    ],
  },
  activity: [
    { from: 'alice', to: 'alice', delegate: 'TeamWallet', at: 20 },
    { from: 'bob', to: 'alice', delegate: ZERO, at: 30 },
  ],
};

describe('a scenario pins its own EIP-7702 delegation', () => {
  let server: RunningServer;
  const { get, rpc, handles: handlesOf } = serverClient(() => server.url);
  beforeAll(async () => {
    server = await startServer({ scenario, seed: 4, cache: false, profile: 'blockscout' });
  });
  afterAll(() => server.close());

  it('delegates alice to the team’s contract by her own set-code transaction, then clears it by bob’s, keeping every chain law', async () => {
    expect(chainViolations(server.chain)).toEqual([]);
    const handles = await handlesOf();
    const [alice, wallet] = [handles.alice!, handles.TeamWallet!];
    const setCode = ((await get(`/api/v2/addresses/${alice}/transactions`)).items as Json[]).filter(
      (t) => t.type === 4,
    );
    expect(setCode.map((t) => [t.block_number, t.from.hash])).toEqual([
      [30, handles.bob],
      [20, alice],
    ]);
    const [cleared, delegated] = setCode;
    expect(delegated!.authorization_list.map((a: Json) => [a.authority, a.address_hash, a.status])).toEqual([
      [alice, wallet, 'ok'],
    ]);
    expect(cleared!.authorization_list.map((a: Json) => [a.authority, a.address_hash, a.status])).toEqual([
      [alice, ZERO, 'ok'],
    ]);
    // The node's code of alice: the designator while delegated, none before and after.
    const codeAt = (block: number) => rpc('eth_getCode', [alice, `0x${block.toString(16)}`]);
    expect(await codeAt(19)).toBe('0x');
    expect(await codeAt(25)).toBe(`0xef0100${wallet.slice(2).toLowerCase()}`);
    expect(await codeAt(30)).toBe('0x');
  });

  it('refuses a delegation to what is not a named contract, from a token, or with a call, naming the path', () => {
    const build = (activity: Scenario['activity']) => () =>
      buildChain({ seed: 1, scenario: { ...scenario, activity } });
    expect(build([{ from: 'alice', to: 'alice', delegate: 'Nobody' }])).toThrow(
      'activity[0].delegate: no contract named "Nobody" (or the zero address, which clears a delegation)',
    );
    expect(build([{ from: 'alice', to: 'TeamWallet', delegate: 'TeamWallet' }])).toThrow(
      'activity[0].to: a set-code transaction (delegate) goes to the named account that delegates',
    );
    expect(build([{ from: 'alice', to: 'alice', delegate: 'TeamWallet', value: '1' }])).toThrow(
      'activity[0].delegate: a set-code transaction here only delegates: give no call, value, status, emits or sets',
    );
  });
});
