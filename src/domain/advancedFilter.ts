import { type AccountId, NONE } from '../chain/types.js';
import { hasCodeNow } from './delegations.js';
import { COIN_DECIMALS } from './amounts.js';
import type { ActivityItem } from './activityItems.js';
import { type Facts, memoList } from './facts.js';
import { tokenOf, transfersOfToken } from './tokens.js';
import { selectorOf } from './transactions.js';

/** The transaction types the explorer's filter names besides token types. */
export const COIN_ACTIVITY_TYPES = ['COIN_TRANSFER', 'CONTRACT_INTERACTION', 'CONTRACT_CREATION'] as const;
export type CoinActivityType = (typeof COIN_ACTIVITY_TYPES)[number];

/** A decimal number as digits and a scale: `digits / 10^scale` (`1.5` is 15, 1). */
export interface DecimalNumber {
  readonly digits: bigint;
  readonly scale: number;
}

/** An include list and an exclude list of lower-case addresses (tokens: also `native`); null where not given. */
export interface InclusionLists {
  readonly include: readonly string[] | null;
  readonly exclude: readonly string[] | null;
}

/** What the explorer's advanced filter keeps, its parameters already parsed and their bad entries dropped. */
export interface AdvancedFilter {
  /** Upper-case transaction and token types (`COIN_TRANSFER`, `ERC-20`…); null (or empty) for every type. */
  readonly types: readonly string[] | null;
  /** Lower-case `0x` selectors; null for any method. */
  readonly methods: ReadonlySet<string> | null;
  /** The blocks of the age bounds (inclusive); null for no bound. */
  readonly fromBlock: number | null;
  readonly toBlock: number | null;
  readonly from: InclusionLists;
  readonly to: InclusionLists;
  /** How the sender and receiver lists combine when both are given. */
  readonly relation: 'and' | 'or';
  /** Bounds of the amount in whole coins or tokens (inclusive); null for no bound. */
  readonly amountFrom: DecimalNumber | null;
  readonly amountTo: DecimalNumber | null;
  readonly tokens: InclusionLists;
}

/** The explorer's reading of an include and an exclude list: include what is not excluded, else exclude; null for no filter (also when everything included is excluded). */
function inclusion(lists: InclusionLists): { readonly include: boolean; readonly set: ReadonlySet<string> } | null {
  const include = lists.include ?? [];
  const exclude = lists.exclude ?? [];
  if (include.length === 0) return exclude.length ? { include: false, set: new Set(exclude) } : null;
  const kept = include.filter((x) => !exclude.includes(x));
  return kept.length ? { include: true, set: new Set(kept) } : null;
}

const isCoinType = (type: string): type is CoinActivityType =>
  (COIN_ACTIVITY_TYPES as readonly string[]).includes(type);

/** Which of the explorer's queries run: coin rows (transactions and internal transactions) and token transfer rows. */
function sourcesOf(filter: AdvancedFilter): { readonly coin: boolean; readonly tokens: boolean } {
  const types = filter.types ?? [];
  const include = filter.tokens.include ?? [];
  const exclude = filter.tokens.exclude ?? [];
  return {
    coin:
      (types.length === 0 || types.some(isCoinType)) &&
      (include.length === 0 || include.includes('native')) &&
      !exclude.includes('native'),
    tokens:
      (types.length === 0 || types.some((t) => !isCoinType(t))) &&
      (include.length === 0 || include.some((t) => t !== 'native')),
  };
}

const compare = (a: DecimalNumber, b: DecimalNumber): number => {
  const left = a.digits * 10n ** BigInt(Math.max(0, b.scale - a.scale));
  const right = b.digits * 10n ** BigInt(Math.max(0, a.scale - b.scale));
  return left < right ? -1 : left > right ? 1 : 0;
};

const ZERO: DecimalNumber = { digits: 0n, scale: 0 };

/** The explorer's amount bounds: both need 0 < to and from < to, `to` alone needs 0 < to (else nothing passes); `from` alone counts only above 0. */
function amountPasses(filter: AdvancedFilter, amount: DecimalNumber): boolean {
  const { amountFrom: from, amountTo: to } = filter;
  if (from && to)
    return compare(to, ZERO) > 0 && compare(from, to) < 0 && compare(amount, from) >= 0 && compare(amount, to) <= 0;
  if (to) return compare(to, ZERO) > 0 && compare(amount, to) <= 0;
  if (from) return compare(from, ZERO) <= 0 || compare(amount, from) >= 0;
  return true;
}

type Inclusion = NonNullable<ReturnType<typeof inclusion>>;

/** Whether a coin row (a transaction or an internal transaction) has one of the coin types asked for. */
function coinTypePasses(facts: Facts, asked: readonly CoinActivityType[], to: AccountId, value: bigint): boolean {
  if (asked.length === COIN_ACTIVITY_TYPES.length) return true;
  return asked.some((type) =>
    type === 'COIN_TRANSFER'
      ? value > 0n
      : type === 'CONTRACT_CREATION'
        ? to === NONE
        : to !== NONE && hasCodeNow(facts, facts.chain.accounts[to]!),
  );
}

/**
 * The test a row must pass to be listed under `filter` (its parts read once): the explorer's
 * queries for coin rows and token transfer rows, with their types, methods, ages, addresses,
 * amounts and tokens.
 */
export function advancedFilterTest(facts: Facts, filter: AdvancedFilter): (item: ActivityItem) => boolean {
  const { chain } = facts;
  const sources = sourcesOf(filter);
  const types = filter.types ?? [];
  const coinTypes = types.filter(isCoinType);
  const tokenTypes: readonly string[] = types.filter((t) => !isCoinType(t));
  const from = inclusion(filter.from);
  const to = inclusion(filter.to);
  const tokens = inclusion({
    include: filter.tokens.include?.filter((t) => t !== 'native') ?? null,
    exclude: filter.tokens.exclude?.filter((t) => t !== 'native') ?? null,
  });
  // A missing receiver passes no list, as SQL's NULL does not.
  const passes = (rule: Inclusion, id: AccountId) =>
    id !== NONE && rule.set.has(chain.accounts[id]!.lower) === rule.include;
  const addressesPass = (sender: AccountId, receiver: AccountId) => {
    if (!from && !to) return true;
    if (!to) return passes(from!, sender);
    if (!from) return passes(to, receiver);
    return filter.relation === 'and'
      ? passes(from, sender) && passes(to, receiver)
      : passes(from, sender) || passes(to, receiver);
  };
  return (item) => {
    const tx = chain.transactions.at(item.transaction)!;
    if (filter.fromBlock !== null && tx.block < filter.fromBlock) return false;
    if (filter.toBlock !== null && tx.block > filter.toBlock) return false;
    let sender: AccountId;
    let receiver: AccountId;
    if (item.kind === 'tokenTransfer') {
      if (!sources.tokens) return false;
      const transfer = chain.tokenTransfers.at(item.transfer)!;
      const token = tokenOf(facts, transfer.tokenId);
      if (types.length && !tokenTypes.includes(token.type)) return false;
      if (tokens && tokens.set.has(chain.accounts[transfer.tokenId]!.lower) !== tokens.include) return false;
      if (!amountPasses(filter, { digits: transfer.amounts[item.k]!, scale: token.decimals })) return false;
      sender = transfer.fromId;
      receiver = transfer.toId;
    } else {
      if (!sources.coin) return false;
      const row = item.kind === 'transaction' ? tx : chain.internalTransactions.at(item.internal)!;
      if (types.length && !coinTypePasses(facts, coinTypes, row.toId, row.value)) return false;
      if (!amountPasses(filter, { digits: row.value, scale: COIN_DECIMALS })) return false;
      sender = row.fromId;
      receiver = row.toId;
    }
    if (filter.methods) {
      // An internal call's method is read from its own input, and the mock's internal calls carry none.
      if (item.kind === 'internal') return false;
      const selector = selectorOf(facts, item.transaction);
      if (selector === null || !filter.methods.has(selector)) return false;
    }
    return addressesPass(sender, receiver);
  };
}

/**
 * The transactions every row passing `filter` belongs to, ascending, when its address or token
 * lists name them (a row must then involve an included address, or be a transfer of an included
 * token); null when any transaction may hold one. Listing then reads only these.
 */
export function candidateTransactions(facts: Facts, filter: AdvancedFilter): Int32Array | null {
  const { chain } = facts;
  const from = inclusion(filter.from);
  const to = inclusion(filter.to);
  const included = (rule: Inclusion | null) => rule?.include === true;
  // Each passing row's sender or receiver is in an include list when no side is free of one.
  const byAddress =
    (included(from) || included(to)) &&
    (filter.relation === 'and' ? true : (from === null || included(from)) && (to === null || included(to)));
  const tokens = inclusion({
    include: filter.tokens.include?.filter((t) => t !== 'native') ?? null,
    exclude: filter.tokens.exclude?.filter((t) => t !== 'native') ?? null,
  });
  const byToken = included(tokens) && !sourcesOf(filter).coin;
  if (!byAddress && !byToken) return null;
  const idsOf = (rule: Inclusion | null) =>
    [...(rule?.include ? rule.set : [])].flatMap((hash) => {
      const id = chain.accountByHash.get(hash);
      return id === undefined ? [] : [id];
    });
  const addresses = byAddress ? [...idsOf(from), ...idsOf(to)].sort((a, b) => a - b) : [];
  const tokenIds = byToken ? idsOf(tokens).sort((a, b) => a - b) : [];
  // Each page of a listing asks again: the list is kept, by the accounts and tokens it follows from.
  return memoList(
    facts,
    `advanced-filter-candidates:${byAddress}:${byToken}:${addresses.join(',')}:${tokenIds.join(',')}`,
    () => {
      const found = new Set<number>();
      for (const id of addresses) {
        const index = chain.indexes.at(id)!;
        for (const t of index.transactions) found.add(t);
        for (const transfer of index.tokenTransfers) found.add(chain.tokenTransfers.at(transfer)!.transaction);
        for (const internal of index.internalTransactions)
          found.add(chain.internalTransactions.at(internal)!.transaction);
      }
      const byTokenFound = new Set<number>();
      for (const id of tokenIds)
        if (chain.accounts[id]!.contract?.token)
          for (const transfer of transfersOfToken(facts, id))
            byTokenFound.add(chain.tokenTransfers.at(transfer)!.transaction);
      // Both narrow: a passing row meets both.
      const kept =
        byAddress && byToken
          ? [...found].filter((t) => byTokenFound.has(t))
          : byAddress
            ? [...found]
            : [...byTokenFound];
      return Int32Array.from(kept).sort();
    },
  );
}
