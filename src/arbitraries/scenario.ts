import fc from 'fast-check';
import * as Address from 'ox/Address';
import { LIST_TRANSACTION_BUDGET } from '../../scenarios/entities.js';
import { parseCoinAmount } from '../../scenarios/values.js';
import type { ListGuarantee, Scenario } from '../../scenarios/types.js';

/** Bounds of `scenario()`: small chains by default, so a property can build hundreds. */
export interface ScenarioArbitraryOptions {
  readonly blocks?: { readonly min: number; readonly max: number };
}

const rate = (max: number) => fc.double({ min: 0, max, noNaN: true });

/**
 * Valid scenario files (the language of `defineScenario`, with every knob set), small enough to
 * build quickly: for fuzzing a client over scenario space, or for checking what a scenario must
 * keep. Every value passes the scenario schema and builds.
 *
 * @example
 * fc.assert(fc.property(scenario(), fc.nat(), (s, seed) => buildChain({ scenario: s, seed }).headHeight === s.blocks));
 */
export const scenario = (options: ScenarioArbitraryOptions = {}): fc.Arbitrary<Scenario> => {
  const blocks = options.blocks ?? { min: 40, max: 70 };
  if (blocks.min < 40) throw new RangeError(`scenario: blocks.min must be at least 40, got ${blocks.min}`);
  return fc.tuple(knobs(blocks), namedAccounts()).map(([k, named]) => ({ ...k, ...named }));
};

/** Up to three named accounts (some at fixed addresses, some with ENS names and tags) and lists for some of them. */
const namedAccounts = (): fc.Arbitrary<Pick<Scenario, 'entities' | 'lists'>> =>
  fc
    .uniqueArray(
      fc.record(
        {
          name: fc.constantFrom('alice', 'bob', 'carol', 'dave'),
          address: fc
            .uint8Array({ minLength: 20, maxLength: 20 })
            .map((bytes) => Address.checksum(`0x${Buffer.from(bytes).toString('hex')}`)),
          balance: fc.oneof(
            fc.bigInt({ min: 0n, max: 10n ** 21n }).map(String),
            fc.integer({ min: 1, max: 500 }).map((n) => `${n / 10} ETH`),
          ),
          ens: fc.stringMatching(/^[a-z][a-z0-9]{2,10}$/).map((n) => `${n}.eth`),
          nameTag: fc.constantFrom('Treasury', 'Test Wallet', 'QA Account'),
          publicTags: fc.array(fc.constantFrom('Team', 'Hot Wallet', 'Bridge'), { maxLength: 2 }),
        },
        { requiredKeys: ['name'] },
      ),
      { maxLength: 3, selector: (a) => a.name },
    )
    .chain((accounts) => {
      // Random addresses never meet a reserved one or each other in practice; drop those that would.
      const usable = accounts.filter((a) => a.address === undefined || !/^0x0{36}/.test(a.address));
      // A list only for an account that can pay for it.
      const payers = usable.filter(
        (a) => a.balance !== undefined && BigInt(parseCoinAmount(a.balance) as bigint) >= 60n * LIST_TRANSACTION_BUDGET,
      );
      const lists = payers.length
        ? fc.array(
            fc.record(
              {
                account: fc.constantFrom(...payers.map((a) => a.name)),
                transactions: fc.integer({ min: 1, max: 60 }),
                tokenTransfers: fc.integer({ min: 1, max: 30 }),
                nftCollections: fc.integer({ min: 1, max: 4 }),
                withdrawals: fc.integer({ min: 1, max: 40 }),
              },
              { requiredKeys: ['account', 'transactions'] },
            ),
            { maxLength: 1 },
          )
        : fc.constant([]);
      const names = usable.map((a) => a.name);
      const payerNames = payers.map((a) => a.name);
      return fc
        .tuple(lists, namedTokens(names), namedContracts(payerNames), activityOf(payerNames, names))
        .map(([l, tokens, contracts, activity]) => {
          // Calls go to a token or contract only when there is one.
          const targets = new Set([...tokens.map((t) => t.symbol), ...contracts.map((c) => c.name)]);
          const scripted = activity.filter((a) => !a.call || targets.has(a.to));
          return {
            ...(usable.length
              ? {
                  entities: {
                    accounts: usable,
                    ...(tokens.length ? { tokens } : {}),
                    ...(contracts.length ? { contracts } : {}),
                  },
                }
              : {}),
            ...(l.length ? { lists: l.map((list) => roomyList(list, tokens, contracts, scripted)) } : {}),
            ...(scripted.length ? { activity: scripted } : {}),
          };
        });
    });

/**
 * A guarantee no shorter than what the scenario's other entries give its account (a list's length
 * is what it asks for, so a shorter one would be refused): its scripted transactions and deployed
 * contracts, the named tokens it holds (each NFT collection it holds a collection, each holding
 * one transfer) and, for its token transfers, the drops that make up its collections.
 */
function roomyList(
  list: ListGuarantee,
  tokens: NonNullable<NonNullable<Scenario['entities']>['tokens']>,
  contracts: NonNullable<NonNullable<Scenario['entities']>['contracts']>,
  activity: NonNullable<Scenario['activity']>,
): ListGuarantee {
  const name = list.account;
  const sends =
    activity.filter((t) => t.from === name || t.to === name).reduce((n, t) => n + (t.repeat ?? 1), 0) +
    contracts.filter((c) => c.deployer === name).length;
  const held = tokens.reduce((n, t) => {
    const h = t.holders?.[name];
    return n + (h === undefined ? 0 : typeof h === 'string' ? 1 : h.length);
  }, 0);
  const nfts = tokens.filter((t) => t.type !== 'ERC-20' && t.holders?.[name]).length;
  const collections = list.nftCollections === undefined ? undefined : Math.max(list.nftCollections, nfts);
  return {
    ...list,
    ...(list.transactions === undefined ? {} : { transactions: Math.max(list.transactions, sends) }),
    ...(collections === undefined ? {} : { nftCollections: collections }),
    ...(list.tokenTransfers === undefined
      ? {}
      : { tokenTransfers: Math.max(list.tokenTransfers, held + (collections ?? nfts) - nfts) }),
  };
}

/** Up to two named tokens held by the named accounts: an ERC-20 with amounts, an ERC-721 with distinct ids and metadata. */
const namedTokens = (
  names: readonly string[],
): fc.Arbitrary<NonNullable<NonNullable<Scenario['entities']>['tokens']>> => {
  if (!names.length) return fc.constant([]);
  const erc20 = fc.record(
    {
      name: fc.constant('Fuzz Dollar'),
      symbol: fc.constant('FUZZ'),
      type: fc.constant('ERC-20' as const),
      decimals: fc.integer({ min: 0, max: 18 }),
      holders: fc.dictionary(fc.constantFrom(...names), fc.integer({ min: 1, max: 1_000_000 }).map(String), {
        maxKeys: names.length,
      }),
      // Pinned (predeployed at genesis) or deployed at set-up.
      address: fc
        .uint8Array({ minLength: 20, maxLength: 20 })
        .map((bytes) => Address.checksum(`0xfd${Buffer.from(bytes).toString('hex').slice(2)}`)),
    },
    { requiredKeys: ['name', 'symbol', 'type', 'decimals', 'holders'] },
  );
  const erc721 = fc.uniqueArray(fc.integer({ min: 0, max: 1_000 }), { minLength: 1, maxLength: 6 }).chain((ids) =>
    fc.record({
      name: fc.constant('Fuzz Pass'),
      symbol: fc.constant('FPASS'),
      type: fc.constant('ERC-721' as const),
      holders: fc.constantFrom(...names).map((holder) => ({ [holder]: ids })),
      metadata: fc.record(
        {
          name: fc.constant('Fuzz Pass #{id}'),
          attributes: fc.array(
            fc.record({ trait_type: fc.constant('Tier'), value: fc.oneof(fc.string({ maxLength: 8 }), fc.integer()) }),
            { maxLength: 2 },
          ),
        },
        { requiredKeys: [] },
      ),
    }),
  );
  return fc
    .tuple(fc.option(erc20, { nil: undefined }), fc.option(erc721, { nil: undefined }))
    .map(([a, b]) => [...(a ? [a] : []), ...(b ? [b] : [])]);
};

const FUZZ_ABI = [
  'function poke(uint256 n)',
  'function setLabel(string label)',
  'event Poked(address indexed by, uint256 n)',
];

/**
 * Up to two named contracts with an inline ABI: `Fuzz` (verified with a source or not, at a fixed
 * address or deployed by a named account that can pay) and a proxy of it (`FuzzProxy`, EIP-1967
 * or EIP-1167; at a fixed address only when `Fuzz` is).
 */
const namedContracts = (
  payers: readonly string[],
): fc.Arbitrary<NonNullable<NonNullable<Scenario['entities']>['contracts']>> => {
  const place = fc.oneof(
    fc
      .uint8Array({ minLength: 20, maxLength: 20 })
      .map((bytes) => ({ address: Address.checksum(`0xfe${Buffer.from(bytes).toString('hex').slice(2)}`) })),
    payers.length ? fc.constantFrom(...payers).map((deployer) => ({ deployer })) : fc.constant({}),
  );
  const fuzz = fc.tuple(place, fc.boolean()).map(([where, verified]) => ({
    name: 'Fuzz',
    abi: FUZZ_ABI,
    ...(verified
      ? {
          source:
            'contract Fuzz { event Poked(address indexed by, uint256 n); function poke(uint256 n) external { emit Poked(msg.sender, n); } function setLabel(string calldata) external {} }',
        }
      : { verified: false }),
    ...where,
  }));
  const proxy = (pinned: boolean) =>
    fc
      .tuple(
        fc.constantFrom('eip1967' as const, 'eip1167' as const),
        pinned ? place : place.filter((w) => !('address' in w)),
      )
      .map(([kind, where]) => ({ name: 'FuzzProxy', proxy: { implementation: 'Fuzz', kind }, ...where }));
  type Contracts = NonNullable<NonNullable<Scenario['entities']>['contracts']>;
  return fc
    .option(fuzz, { nil: undefined })
    .chain(
      (c): fc.Arbitrary<Contracts> =>
        c ? fc.option(proxy('address' in c), { nil: undefined }).map((p) => (p ? [c, p] : [c])) : fc.constant([]),
    );
};

/** A few scripted transactions from accounts that can pay: coin to another named account, a failing call of the ERC-20, calls of the named contract (through its proxy too) with events or a revert. */
const activityOf = (
  payers: readonly string[],
  names: readonly string[],
): fc.Arbitrary<NonNullable<Scenario['activity']>> => {
  if (!payers.length || names.length < 2) return fc.constant([]);
  const entry = fc.constantFrom(...payers).chain((from) =>
    fc.oneof(
      fc.record(
        {
          from: fc.constant(from),
          to: fc.constantFrom(...names.filter((n) => n !== from)),
          value: fc.integer({ min: 1, max: 1_000 }).map((n) => `${n} gwei`),
          repeat: fc.integer({ min: 1, max: 3 }),
        },
        { requiredKeys: ['from', 'to', 'value'] },
      ),
      fc.record({
        from: fc.constant(from),
        to: fc.constant('FUZZ'),
        call: fc.record({
          signature: fc.constant('transfer(address,uint256)'),
          args: fc.tuple(fc.constantFrom(...names), fc.integer({ min: 0, max: 10 ** 9 })).map(([to, n]) => [to, n]),
        }),
        status: fc.constant('error' as const),
        revertReason: fc.constantFrom('no', 'ERC20: transfer amount exceeds balance'),
      }),
      fc
        .record({
          from: fc.constant(from),
          to: fc.constantFrom('Fuzz', 'FuzzProxy'),
          n: fc.integer({ min: 0, max: 10 ** 9 }),
          fails: fc.boolean(),
        })
        .map(({ from: sender, to, n, fails }) => ({
          from: sender,
          to,
          call: { signature: 'poke(uint256)', args: [n] },
          ...(fails
            ? { status: 'error' as const, revertReason: 'Fuzz: no' }
            : { emits: [{ event: 'Poked', args: [sender, n] }] }),
        })),
    ),
  );
  return fc.array(entry, { maxLength: 3 });
};

const knobs = (blocks: { readonly min: number; readonly max: number }) =>
  fc.record({
    name: fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/),
    description: fc.constantFrom('Drawn by fast-check.', 'A fuzzed scenario.'),
    genesisTimestamp: fc.integer({ min: 1_600_000_000, max: 1_900_000_000 }),
    blocks: fc.integer(blocks),
    transactionsPerBlock: fc.integer({ min: 0, max: 10 }),
    accounts: fc.integer({ min: 10, max: 48 }),
    validators: fc.integer({ min: 1, max: 8 }),
    missedSlotRate: rate(0.2),
    uncleRate: rate(0.2),
    reorgRate: rate(0.2),
    withdrawalsPerBlock: fc.integer({ min: 0, max: 4 }),
    tokens: fc.record({
      erc20: fc.integer({ min: 0, max: 3 }),
      erc721: fc.integer({ min: 0, max: 2 }),
      erc1155: fc.integer({ min: 0, max: 2 }),
      erc404: fc.integer({ min: 0, max: 2 }),
    }),
    deployRate: rate(0.05),
    exchangeRate: fc
      .integer({ min: 1, max: 10_000_000 })
      .map((cents) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2))),
    collectors: fc.uniqueArray(
      fc.record({
        handle: fc.constantFrom('collectorA', 'collectorB', 'collectorC'),
        collections: fc.integer({ min: 1, max: 8 }),
      }),
      {
        maxLength: 2,
        selector: (c) => c.handle,
      },
    ),
    // None (no deposit contract), the built-ins' share, and busier.
    beaconDepositsPerBlock: fc.constantFrom(0, 0.05, 0.5, 2),
  });
