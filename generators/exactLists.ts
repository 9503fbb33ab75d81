import type { Chain } from '../src/chain/types.js';
import type { ListGuarantee, Scenario } from '../scenarios/types.js';
import { BuildChainError } from './chainInput.js';

/** The lists a guarantee can fix the length of, as `lists` entries name them. */
export const LIST_KINDS = [
  'transactions',
  'tokenTransfers',
  'internalTransactions',
  'withdrawals',
  'nftCollections',
  'tokens',
] as const;
export type ListKind = (typeof LIST_KINDS)[number];
export type ListCounts = Record<ListKind, number>;

/** What the API lists for a named account (`/addresses/{h}/transactions` and the rest). */
export function listCountsOf(chain: Chain, name: string): ListCounts {
  const id = chain.accountByHash.get(chain.handles[name]!.toLowerCase())!;
  const index = chain.indexes.at(id)!;
  return {
    transactions: index.transactions.length,
    tokenTransfers: index.tokenTransfers.length,
    internalTransactions: index.internalTransactions.length,
    withdrawals: index.withdrawals.length,
    nftCollections: index.nftCollections.length,
    tokens: index.holdings.length,
  };
}

/** An account's guarantees: the sum of its entries per kind, and where each kind was first asked for. */
interface Targets {
  readonly account: string;
  readonly counts: Partial<ListCounts>;
  readonly paths: Partial<Record<ListKind, string>>;
}

function targetsOf(lists: readonly ListGuarantee[]): Targets[] {
  const byAccount = new Map<string, Targets>();
  for (const [i, list] of lists.entries()) {
    let t = byAccount.get(list.account);
    if (!t) byAccount.set(list.account, (t = { account: list.account, counts: {}, paths: {} }));
    for (const kind of LIST_KINDS) {
      const n = list[kind];
      if (n === undefined) continue;
      t.counts[kind] = (t.counts[kind] ?? 0) + n;
      t.paths[kind] ??= `lists[${i}].${kind}`;
    }
  }
  return [...byAccount.values()];
}

const NOUNS: Record<ListKind, string> = {
  transactions: 'transactions',
  tokenTransfers: 'token transfers',
  internalTransactions: 'internal transactions',
  withdrawals: 'withdrawals',
  nftCollections: 'NFT collections',
  tokens: 'tokens',
};

/**
 * The scenario whose `lists` hold the steps to add, so that each guaranteed list has exactly the
 * length asked for whatever the rest of the scenario gives the account (its entities, scripted
 * activity, contracts it deploys, its other guarantees). `build` builds a scenario to its start:
 * the chain without the guarantees is built first and measured (random activity never touches a
 * named account, so what it holds there is what the rest of the scenario gives), then the steps
 * are the differences. Own tokens and ERC-20 mints interact (each own token is minted to the
 * account, and a mint of one of the scenario's tokens may add a token row): their counts are
 * corrected from the built chain, a build more each time, until both lists are exact. Throws with
 * the guarantee's path when the rest alone gives more than it asks for. Returns the scenario to
 * build and, when it has guarantees, what `build` made of it (checked exact), to go on from.
 */
export function exactLists<B>(
  scenario: Scenario,
  build: (scenario: Scenario) => B,
  chainOf: (built: B) => Chain,
): { readonly scenario: Scenario; readonly built?: B } {
  const targets = targetsOf(scenario.lists ?? []);
  if (!targets.length) return { scenario };
  const baseline = chainOf(build({ ...scenario, lists: [] }));
  const base = new Map(targets.map((t) => [t.account, listCountsOf(baseline, t.account)]));
  const steps = new Map<string, ListCounts>();
  for (const t of targets) {
    const b = base.get(t.account)!;
    const need = (kind: ListKind, others: number, what: string) => {
      const target = t.counts[kind];
      if (target === undefined) return 0;
      if (others > target) throw tooMany(t, kind, others, what);
      return target - others;
    };
    const collections = need('nftCollections', b.nftCollections, 'entities and activity');
    // Each collection comes with its mint, each own token with its mint.
    const tokens = need('tokens', b.tokens + collections, 'entities, activity and its NFT collections');
    const mints = need(
      'tokenTransfers',
      b.tokenTransfers + collections + tokens,
      'entities, activity, its NFT collections and its tokens',
    );
    steps.set(t.account, {
      transactions: need('transactions', b.transactions, 'scripted activity and contracts it deploys'),
      tokenTransfers: mints,
      internalTransactions: need('internalTransactions', b.internalTransactions, 'entities and activity'),
      withdrawals: need('withdrawals', b.withdrawals, 'entities and activity'),
      nftCollections: collections,
      tokens,
    });
  }
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const resolved = { ...scenario, lists: listsOf(steps) };
    const built = build(resolved);
    const chain = chainOf(built);
    const off = targets.filter((t) => {
      const got = listCountsOf(chain, t.account);
      return LIST_KINDS.some((kind) => t.counts[kind] !== undefined && got[kind] !== t.counts[kind]);
    });
    if (!off.length) return { scenario: resolved, built };
    for (const t of off) {
      const got = listCountsOf(chain, t.account);
      const s = steps.get(t.account)!;
      const extraTokens = t.counts.tokens === undefined ? 0 : got.tokens - t.counts.tokens;
      if (extraTokens > 0 && t.counts.tokenTransfers !== undefined) {
        // Mints of the scenario's tokens added token rows: fewer own tokens, as many more mints.
        if (s.tokens === 0)
          throw tooMany(
            t,
            'tokens',
            got.tokens,
            'entities, activity, its NFT collections and the scenario tokens its ERC-20 mints bring',
          );
        const moved = Math.min(extraTokens, s.tokens);
        s.tokens -= moved;
        s.tokenTransfers += moved;
        continue;
      }
      const kind = LIST_KINDS.find((k) => t.counts[k] !== undefined && got[k] !== t.counts[k])!;
      if (got[kind] > t.counts[kind]! && s[kind] === 0)
        throw tooMany(t, kind, got[kind], 'entities, activity and its other lists');
      throw unreachable(t, kind, got[kind]);
    }
  }
  throw new BuildChainError(
    `buildChain: lists: own tokens and ERC-20 mints did not settle in ${MAX_PASSES} builds (please report this scenario)`,
    'lists',
  );
}

/** Builds at most this many times to make own tokens and mints agree (each pass moves at least one). */
const MAX_PASSES = 12;

const unreachable = (t: Targets, kind: ListKind, got: number) =>
  new BuildChainError(
    `buildChain: ${t.paths[kind] ?? 'lists'}: ${t.account} would have ${got} ${NOUNS[kind]}, not the ${t.counts[kind]} asked for (please report this scenario)`,
    t.paths[kind],
  );

/** The refusal of a guarantee that the rest of the scenario already exceeds. */
const tooMany = (t: Targets, kind: ListKind, others: number, what: string) =>
  new BuildChainError(
    `buildChain: ${t.paths[kind]}: ${t.account}'s other entries (${what}) already give it ${others} ${NOUNS[kind]}, more than the ${t.counts[kind]} asked for`,
    t.paths[kind],
  );

/** Guarantee entries for the steps to add (kinds of none left out, accounts of none left out). */
function listsOf(steps: ReadonlyMap<string, ListCounts>): ListGuarantee[] {
  const lists: ListGuarantee[] = [];
  for (const [account, counts] of steps) {
    const entry: { -readonly [K in keyof ListGuarantee]: ListGuarantee[K] } = { account };
    for (const kind of LIST_KINDS) if (counts[kind] > 0) entry[kind] = counts[kind];
    if (Object.keys(entry).length > 1) lists.push(entry);
  }
  return lists;
}
