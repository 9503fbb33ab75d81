import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildChain } from '../../generators/buildChain.js';
import { findScenario } from '../../scenarios/index.js';
import { loadScenario } from '../../scenarios/loadScenario.js';
import type { Scenario } from '../../scenarios/types.js';
import { createApi } from '../../src/app/createApi.js';
import { getUrl, walkPages, walkPagesAsync } from '../../src/rest/walkPages.js';
import { chainViolations } from '../support/chainLaws.js';
import { expectValidResponse } from '../support/expectValid.js';
import { runCli, spawnCli } from '../support/spawnCli.js';

const WALLET = new URL('../../scenarios/examples/wallet.json', import.meta.url).pathname;
const ALICE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const dir = mkdtempSync(join(tmpdir(), 'explorer-mock-entities-'));
const write = (name: string, content: unknown) => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(content));
  return file;
};

type Json = Record<string, any>;

describe('named accounts and list guarantees', () => {
  it('serves every pinned fact of the wallet example through the API (CLI, --scenario file)', async () => {
    const cli = await spawnCli(['--scenario', WALLET, '--seed', '2', '--no-cache']);
    const get = async (url: string) => (await (await fetch(`${cli.url}${url}`)).json()) as Json;
    try {
      const summary = await get('/__mock/scenario');
      const handles = Object.fromEntries(
        (summary.handles as { name: string; value: string }[]).map((h) => [h.name, h.value]),
      );
      expect(handles.alice).toBe(ALICE);
      const bob = handles.bob!;
      expect(bob).toMatch(/^0x[0-9a-fA-F]{40}$/);

      // Alice: three pages of transactions (50, 50, 20: the 120 her list asks for, her four scripted ones among them), all hers, and a balance that is her genesis 12.5 ETH less what they cost.
      const pages = (
        await walkPagesAsync(
          async (url) => ({ status: 200, body: JSON.stringify(await get(url)) }),
          `/api/v2/addresses/${ALICE}/transactions`,
        )
      ).map(({ page }) => page as Json);
      expect(pages.map((p) => p.items.length)).toEqual([50, 50, 20]);
      const sent = pages.flatMap((p) => p.items as Json[]);
      let spent = 0n;
      for (const t of sent) {
        expect(t.from).toMatchObject({
          hash: ALICE,
          ens_domain_name: 'alice.eth',
          name: null,
          metadata: { slug: 'alice', name: 'Alice', tagType: 'name' },
        });
        spent += BigInt(t.value) + BigInt(t.fee.value);
      }
      // The scripted activity, each at its block: 0.5 ETH to bob, 250 TUSD to bob, a failing TUSD transfer, pass #3 to bob.
      const byBlock = (block: number) => sent.filter((t) => t.block_number === block);
      expect(
        byBlock(24)
          .filter((t) => t.to.hash === bob)
          .map((t) => [t.value, t.status]),
      ).toEqual([['500000000000000000', 'ok']]);
      const [ok] = byBlock(30).filter((t) => t.to.hash === handles.TUSD);
      expect(ok).toMatchObject({
        status: 'ok',
        method: 'transfer',
        decoded_input: {
          method_call: 'transfer(address to, uint256 amount)',
          parameters: [{ value: bob }, { value: '250000000' }],
        },
      });
      const [failed] = byBlock(31).filter((t) => t.to.hash === handles.TUSD);
      expect(failed).toMatchObject({
        status: 'error',
        result: 'execution reverted',
        revert_reason: 'ERC20: transfer amount exceeds balance',
        method: 'transfer',
      });
      expect(sent.filter((t) => t.status === 'error')).toHaveLength(1);
      const [moved] = byBlock(32).filter((t) => t.to.hash === handles.PASS);
      expect(moved).toMatchObject({ status: 'ok', method: 'transferFrom' });
      const alice = await get(`/api/v2/addresses/${ALICE}`);
      expect(BigInt(alice.coin_balance)).toBe(12_500_000_000_000_000_000n - spent);
      expect(alice.public_tags).toEqual([{ address_hash: ALICE, display_name: 'Test Wallet', label: 'test-wallet' }]);
      // Her name tag travels as the metadata tag of her references (above); the spec's address detail has no metadata field.
      expect(alice.name).toBeNull();
      expect((await get(`/api/v2/addresses/${ALICE}/coin-balance-history`)).items[0].value).toBe(alice.coin_balance);

      // The 75 token transfers her list asks for: her Test USD and three Test Passes to her, TUSD and pass #3 from her,
      // one NFT of each of the 11 drops that make her 12 collections with Test Pass, and 58 ERC-20 mints for the rest.
      const transfers = await get(`/api/v2/addresses/${ALICE}/token-transfers`);
      const more = await get(
        `/api/v2/addresses/${ALICE}/token-transfers?${new URLSearchParams(transfers.next_page_params)}`,
      );
      expect([transfers.items.length, more.items.length, more.next_page_params]).toEqual([50, 25, null]);
      const all = [...transfers.items, ...more.items] as Json[];
      expect(all.filter((t) => t.from.hash === ALICE).map((t) => [t.to.hash, t.token.symbol])).toEqual([
        [bob, 'PASS'],
        [bob, 'TUSD'],
      ]);
      expect(all.filter((t) => t.token.type === 'ERC-20')).toHaveLength(58 + 2);
      const collections = await get(`/api/v2/addresses/${ALICE}/nft/collections`);
      expect([collections.items.length, collections.next_page_params]).toEqual([12, null]);

      // The named tokens: their identity, supply and holders are the file's, and nobody else's.
      const tusd = await get(`/api/v2/tokens/${handles.TUSD}`);
      expect(tusd).toMatchObject({
        name: 'Test USD',
        symbol: 'TUSD',
        decimals: '6',
        type: 'ERC-20',
        total_supply: '1020500000',
      });
      const tusdHolders = (await get(`/api/v2/tokens/${handles.TUSD}/holders`)).items as Json[];
      expect(tusdHolders.map((h) => [h.address.hash, h.value])).toEqual([
        [ALICE, '750500000'],
        [bob, '270000000'],
      ]);
      const pass = await get(`/api/v2/tokens/${handles.PASS}`);
      expect(pass).toMatchObject({ name: 'Test Pass', symbol: 'PASS', type: 'ERC-721', total_supply: '3' });
      const instances = (await get(`/api/v2/tokens/${handles.PASS}/instances`)).items as Json[];
      expect(instances.map((i) => [i.id, i.owner.hash]).sort()).toEqual([
        ['1', ALICE],
        ['2', ALICE],
        ['3', bob],
      ]);
      // Its metadata: the collection's, with "{id}" filled in, and pass #3's own.
      const first = await get(`/api/v2/tokens/${handles.PASS}/instances/1`);
      expect(first).toMatchObject({
        image_url: 'https://example.com/pass/1.png',
        metadata: {
          name: 'Test Pass #1',
          description: 'Entry to the test dApp.',
          attributes: [{ trait_type: 'Tier', value: 'Gold' }],
        },
      });
      const founder = await get(`/api/v2/tokens/${handles.PASS}/instances/3`);
      expect(founder).toMatchObject({
        image_url: 'https://example.com/pass/3.png',
        metadata: {
          name: 'Founder Pass',
          description: 'Entry to the test dApp.',
          attributes: [
            { trait_type: 'Tier', value: 'Founder' },
            { trait_type: 'Edition', value: 1 },
          ],
        },
      });
      const raw = await fetch(`${cli.url}/api/v2/tokens/${handles.PASS}/instances/3`);
      expectValidResponse(`/api/v2/tokens/${handles.PASS}/instances/3`, raw.status, await raw.text(), 'spec');

      // Bob: his genesis balance and alice's 0.5 ETH; he never sends anything.
      expect((await get(`/api/v2/addresses/${bob}`)).coin_balance).toBe('500000003000000000');
      expect(((await get(`/api/v2/addresses/${bob}/transactions`)).items as Json[]).map((t) => t.from.hash)).toEqual([
        ALICE,
      ]);
      expect(
        ((await get(`/api/v2/addresses/${bob}/tokens`)).items as Json[]).map((t) => [t.token.symbol, t.value]).sort(),
      ).toEqual([
        ['PASS', '1'],
        ['TUSD', '270000000'],
      ]);
    } finally {
      expect(await cli.stop()).toBe(0);
    }
  });

  it('the wallet example keeps every chain law, on several seeds', async () => {
    const scenario = await loadScenario(WALLET);
    for (const seed of [1, 2, 3]) expect(chainViolations(buildChain({ scenario, seed }))).toEqual([]);
  });

  it('realises approve and setApprovalForAll with their events, repeat n times, and keeps every chain law', () => {
    const chain = buildChain({
      seed: 3,
      scenario: {
        ...(findScenario('tiny') as Scenario),
        entities: {
          accounts: [{ name: 'a', balance: '1 ETH' }, { name: 'b' }],
          tokens: [
            { name: 'T', symbol: 'T', type: 'ERC-20', holders: { a: '5' } },
            { name: 'P', symbol: 'P', type: 'ERC-721', holders: { a: [1] } },
          ],
        },
        activity: [
          { from: 'a', to: 'T', call: { signature: 'approve(address,uint256)', args: ['b', '1000'] }, repeat: 3 },
          { from: 'a', to: 'P', call: { signature: 'setApprovalForAll(address,bool)', args: ['b', true] }, at: 30 },
        ],
      },
    });
    expect(chainViolations(chain)).toEqual([]);
    const a = chain.accountByHash.get(chain.handles.a!.toLowerCase())!;
    const sent = [...chain.indexes.at(a)!.transactions].map((t) => chain.transactions.at(t)!);
    expect(sent.map((t) => t.call?.functionName).sort()).toEqual([
      'approve',
      'approve',
      'approve',
      'setApprovalForAll',
    ]);
    const approval = sent.find((t) => t.call?.functionName === 'setApprovalForAll')!;
    expect(approval.block).toBe(30);
    const api = createApi(chain);
    const detail = api(`/api/v2/transactions/${sent[0]!.hash}`, new URLSearchParams()).body as string;
    expect(JSON.parse(detail).decoded_input.method_call).toBe('approve(address spender, uint256 amount)');
    const logs = JSON.parse(api(`/api/v2/transactions/${approval.hash}/logs`, new URLSearchParams()).body as string);
    expect(logs.items.map((l: Json) => l.decoded?.method_call)).toEqual([
      'ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
    ]);
  });

  it('realises internal-transaction and token guarantees exactly: multisig payments, and ERC-20s of its own held by it alone', () => {
    const chain = buildChain({
      seed: 6,
      scenario: {
        ...(findScenario('tiny') as Scenario),
        entities: { accounts: [{ name: 'a' }] },
        lists: [{ account: 'a', internalTransactions: 60, tokens: 55 }],
      },
    });
    expect(chainViolations(chain)).toEqual([]);
    const api = createApi(chain);
    const pages = (path: string) => {
      const walked = walkPages((url) => getUrl(api, url), path).map(({ page }) => page!.items as Json[]);
      return { lengths: walked.map((items) => items.length), items: walked.flat() };
    };
    const a = chain.handles.a!;
    const internals = pages(`/api/v2/addresses/${a}/internal-transactions`);
    expect(internals.lengths).toEqual([50, 10]);
    for (const i of internals.items)
      expect(i).toMatchObject({ type: 'call', success: true, from: { hash: chain.handles.multisig }, to: { hash: a } });
    const tokens = pages(`/api/v2/addresses/${a}/tokens`);
    expect(tokens.lengths).toEqual([50, 5]);
    expect(new Set(tokens.items.map((t) => t.token.address_hash ?? t.token.address)).size).toBe(55);
    for (const t of tokens.items)
      expect([t.token.type, t.token.holders_count ?? t.token.holders, t.value === t.token.total_supply]).toEqual([
        'ERC-20',
        '1',
        true,
      ]);
    expect(pages(`/api/v2/addresses/${a}/token-transfers`).lengths).toEqual([50, 5]);
    expect(pages(`/api/v2/addresses/${a}/transactions`).lengths).toEqual([0]);
  });

  /** Every page of a list, as a client follows it: the length of each. */
  const pageLengths = async (base: string, path: string) =>
    (
      await walkPagesAsync(async (url) => {
        const response = await fetch(`${base}${url}`);
        return { status: response.status, body: await response.text() };
      }, path)
    ).map(({ page }) => page!.items!.length);

  it.each([
    [
      'marketplace.ts',
      { collector: { 'nft/collections': [50, 50, 20] }, buyer: { 'nft/collections': [3], transactions: [12] } },
    ],
    [
      'stress.json',
      {
        heavy: {
          transactions: Array(20).fill(50),
          'token-transfers': Array(8).fill(50),
          'internal-transactions': [50, 50, 20],
          'nft/collections': [50, 50, 50],
          withdrawals: [50, 10],
          tokens: [50, 50, 50, 50, 30],
        },
      },
    ],
  ] as const)(
    'the %s example: served through the CLI with every list it asks for, and every chain law',
    async (file, expected) => {
      const path = new URL(`../../scenarios/examples/${file}`, import.meta.url).pathname;
      const cli = await spawnCli(['--scenario', path, '--no-cache']);
      try {
        const summary = (await (await fetch(`${cli.url}/__mock/scenario`)).json()) as Json;
        const handles = Object.fromEntries(
          (summary.handles as { name: string; value: string }[]).map((h) => [h.name, h.value]),
        );
        for (const [name, lists] of Object.entries(expected)) {
          for (const [list, lengths] of Object.entries(lists))
            expect(await pageLengths(cli.url, `/api/v2/addresses/${handles[name]}/${list}`), `${name} ${list}`).toEqual(
              lengths,
            );
        }
      } finally {
        expect(await cli.stop()).toBe(0);
      }
      expect(chainViolations(buildChain({ scenario: await loadScenario(path), seed: 1 }))).toEqual([]);
    },
  );

  const base = (accounts: unknown[], lists?: unknown[], activity?: unknown[]) => ({
    extends: 'tiny',
    entities: { accounts },
    ...(lists ? { lists } : {}),
    ...(activity ? { activity } : {}),
  });
  const tokenBase = (activity: unknown[]) => ({
    extends: 'tiny',
    entities: {
      accounts: [{ name: 'a', balance: '1 ETH' }, { name: 'b' }],
      tokens: [{ name: 'T', symbol: 'T', type: 'ERC-20', decimals: 2, holders: { a: '50000' } }],
    },
    activity,
  });
  it.each([
    [
      'a mixed-case address failing its checksum',
      base([{ name: 'a', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' }]),
      'entities.accounts[0].address: 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD fails its EIP-55 checksum (0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed passes)',
    ],
    [
      'a precompile',
      base([{ name: 'a', address: '0x0000000000000000000000000000000000000005' }]),
      'entities.accounts[0].address: 0x0000000000000000000000000000000000000005 is the zero address or a precompile',
    ],
    [
      'two accounts at one address',
      base([
        { name: 'a', address: ALICE },
        { name: 'b', address: ALICE.toLowerCase() },
      ]),
      `entities.accounts[1].address: ${ALICE.toLowerCase()} is already the address of entities.accounts[0]`,
    ],
    [
      'two accounts with one name',
      base([{ name: 'a' }, { name: 'a' }]),
      'entities.accounts[1].name: "a" is already the name of entities.accounts[0]',
    ],
    [
      'a list for an account never defined',
      base([{ name: 'a', balance: '1 ETH' }], [{ account: 'carol', transactions: 3 }]),
      'lists[0].account: no account named "carol" in entities.accounts',
    ],
    [
      'a list its account cannot pay for',
      base([{ name: 'a', balance: '0.1 ETH' }], [{ account: 'a', transactions: 120 }]),
      'lists[0].transactions: a needs a balance of at least 0.6 ETH to send 120 transactions, has 0.1 ETH',
    ],
    [
      'an amount with too many decimals',
      base([{ name: 'a', balance: '1.5 wei' }]),
      'entities.accounts[0].balance: "1.5 wei" has more decimals than the unit allows (0)',
    ],
    [
      'a call to an account',
      base([{ name: 'a', balance: '1 ETH' }, { name: 'b' }], undefined, [
        { from: 'a', to: 'b', call: { signature: 'transfer(address,uint256)', args: ['b', 1] } },
      ]),
      'activity[0].call: "b" is an account: a call goes to a named token',
    ],
    [
      'a plain transfer that fails',
      base([{ name: 'a', balance: '1 ETH' }, { name: 'b' }], undefined, [
        { from: 'a', to: 'b', value: '1 gwei', status: 'error' },
      ]),
      'activity[0].status: a plain transfer to an account cannot fail',
    ],
    [
      'a method the ABI lacks',
      tokenBase([{ from: 'a', to: 'T', call: { signature: 'steal(address)', args: ['a'] }, status: 'error' }]),
      'activity[0].call.signature: the ERC-20 ABI of T has no steal(address)',
    ],
    [
      'a transfer of more than is held',
      tokenBase([{ from: 'a', to: 'T', call: { signature: 'transfer(address,uint256)', args: ['b', '5000001'] } }]),
      'activity[0].call.args[1]: a holds 5000000 of T at block',
    ],
    [
      'an argument that is no account',
      tokenBase([{ from: 'a', to: 'T', call: { signature: 'transfer(address,uint256)', args: ['carol', 1] } }]),
      'activity[0].call.args[0]: "carol" is no named account, named token, named contract or 0x address',
    ],
    [
      'an address argument failing its checksum',
      tokenBase([
        {
          from: 'a',
          to: 'T',
          call: { signature: 'transfer(address,uint256)', args: ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', 1] },
          status: 'error',
        },
      ]),
      'activity[0].call.args[0]: 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD fails its EIP-55 checksum',
    ],
    [
      'a negative amount',
      tokenBase([
        { from: 'a', to: 'T', call: { signature: 'transfer(address,uint256)', args: ['b', -1] }, status: 'error' },
      ]),
      'activity[0].call.args[1]: uint256 amount: give an integer from 0 to ',
    ],
    [
      'a list shorter than the scripted activity it holds',
      base(
        [
          { name: 'a', balance: '1 ETH' },
          { name: 'b', balance: '1 ETH' },
        ],
        [{ account: 'a', transactions: 1 }],
        [
          { from: 'a', to: 'b', value: '1 gwei' },
          { from: 'b', to: 'a', value: '1 gwei' },
        ],
      ),
      "lists[0].transactions: a's other entries (scripted activity and contracts it deploys) already give it 2 transactions, more than the 1 asked for",
    ],
    [
      'more withdrawals than fit',
      base([{ name: 'a' }], [{ account: 'a', withdrawals: 2000 }]),
      'lists[0].withdrawals: 2000 withdrawals do not fit: at most 16 a block over 42 blocks (672); raise blocks',
    ],
    [
      'more tokens than fit',
      base([{ name: 'a' }], [{ account: 'a', tokens: 80 }]),
      'lists[0].tokens: 80 token deployments do not fit in 48 blocks of 3000000 gas (room for 72); raise blocks to 54',
    ],
    [
      'a name every chain already has',
      base([{ name: 'whale' }]),
      'entities.accounts[0].name: "whale" is already a handle of every chain',
    ],
    [
      'a token holder never defined',
      {
        extends: 'tiny',
        entities: {
          accounts: [{ name: 'a' }],
          tokens: [{ name: 'T', symbol: 'T', type: 'ERC-20', holders: { carol: '1' } }],
        },
      },
      'entities.tokens[0].holders.carol: no account named "carol" in entities.accounts',
    ],
    [
      'one NFT held twice',
      {
        extends: 'tiny',
        entities: {
          accounts: [{ name: 'a' }, { name: 'b' }],
          tokens: [{ name: 'P', symbol: 'P', type: 'ERC-721', holders: { a: [1, 2], b: [2] } }],
        },
      },
      'entities.tokens[0].holders.b: token id 2 is already held by a',
    ],
    [
      'ids for an ERC-20',
      {
        extends: 'tiny',
        entities: {
          accounts: [{ name: 'a' }],
          tokens: [{ name: 'T', symbol: 'T', type: 'ERC-20', holders: { a: [1] } }],
        },
      },
      'entities.tokens[0].holders.a: an ERC-20 holder holds an amount, such as "1000.5"',
    ],
    [
      'more decimals than the token has',
      {
        extends: 'tiny',
        entities: {
          accounts: [{ name: 'a' }],
          tokens: [{ name: 'T', symbol: 'T', type: 'ERC-20', decimals: 2, holders: { a: '1.005' } }],
        },
      },
      'entities.tokens[0].holders.a: "1.005" has more decimals than the token (2)',
    ],
    [
      'NFT metadata on an ERC-20',
      { extends: 'tiny', entities: { tokens: [{ name: 'T', symbol: 'T', type: 'ERC-20', metadata: { name: 'x' } }] } },
      'entities.tokens[0].metadata: an ERC-20 has no NFT metadata',
    ],
    [
      'decimals on an ERC-721',
      { extends: 'tiny', entities: { tokens: [{ name: 'P', symbol: 'P', type: 'ERC-721', decimals: 2 }] } },
      'entities.tokens[0].decimals: an ERC-721 has no decimals',
    ],
    [
      'a symbol that is an account’s name',
      {
        extends: 'tiny',
        entities: { accounts: [{ name: 'T' }], tokens: [{ name: 'T', symbol: 'T', type: 'ERC-20' }] },
      },
      'entities.tokens[0].symbol: "T" is already the name of entities.accounts[0]',
    ],
  ])('refuses %s: one line naming the file and the path, exit code 2', async (_what, content, message) => {
    const file = write(`bad-${Math.random().toString(36).slice(2)}.json`, content);
    const run = await runCli(['--scenario', file, '--port', '0', '--no-cache']);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toContain(`explorer-mock: ${file}: ${message}`);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });
});
