import {
  type Account,
  type AddressIndex,
  type Block,
  type Chain,
  type Holding,
  type NftCollection,
  type ScenarioSummary,
  type Transaction,
} from '../src/chain/types.js';
import { HashIndex, type HashLookup } from '../src/chain/hashIndex.js';
import { LookupBelow, PrefixTable } from '../src/chain/table.js';
import { compareCollectionKeys, compareHoldingKeys } from '../src/chain/order.js';
import type { AddressLists, LedgerState } from './ledger/state.js';

const EMPTY = new Int32Array(0);

/**
 * What finalizing a ledger once leaves for the next time, when the ledger has only grown (a
 * living chain mines on): frozen lists by their source list, the transaction hash index, the
 * block map. The chain made last time shares them and must not be served any more.
 */
interface Carried {
  readonly frozen: WeakMap<number[], Frozen>;
  transactionByHash: HashIndex | null;
  transactionsIndexed: number;
  /** Every block by hash, with the list it is in (consensus, uncles, reorgs) and its position there. */
  readonly blockByHash: Map<string, BlockEntry>;
  /** The accounts as the last chain showed them: copies, since the builder goes on changing its own. */
  accounts: Account[];
  readonly blocksIndexed: [number, number, number];
  holdings: Holding[][];
  collections: NftCollection[][];
  nftOwners: Map<string, number>;
  /** Each account's index, reused while none of its lists grew and its holdings did not change. */
  indexes: AddressIndex[];
}

const carried = new WeakMap<LedgerState, Carried>();

/** A frozen list: a view of the first `length` entries of a store that has room to grow. */
interface Frozen {
  readonly store: Int32Array;
  readonly view: Int32Array;
}

/**
 * An append-only list as an Int32Array, reused while the list has not grown. A list that grew gets
 * a longer view of the same store (its capacity doubling when full): the entries a view covers
 * never change, so a chain finalized earlier keeps its lists, and mining a block copies only
 * what it appended.
 */
function freezer(cache: WeakMap<number[], Frozen>) {
  return (list: number[]) => {
    if (!list.length) return EMPTY;
    const known = cache.get(list);
    if (known && known.view.length === list.length) return known.view;
    const from = known ? known.view.length : 0;
    let store = known?.store;
    if (!store || store.length < list.length) {
      // The first time exactly as long (most lists never grow); after that, room to grow.
      const grown = new Int32Array(known ? Math.max(list.length, store!.length * 2) : list.length);
      if (known) grown.set(known.view);
      store = grown;
    }
    for (let i = from; i < list.length; i++) store[i] = list[i]!;
    const view = store.length === list.length ? store : store.subarray(0, list.length);
    cache.set(list, { store, view });
    return view;
  };
}

const compareIds = (a: { id: bigint }, b: { id: bigint }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** One account's token holdings and NFT collections, from the tokens it has received. */
function holdingsOf(state: LedgerState, holder: number): { holdings: Holding[]; collections: NftCollection[] } {
  const holdings: Holding[] = [];
  const collections: NftCollection[] = [];
  for (const token of state.tokensReceived.get(holder) ?? []) {
    const ledger = state.tokens.get(token)!;
    if (ledger.type === 'ERC-20') {
      const value = ledger.balances.get(holder) ?? 0n;
      if (value > 0n) holdings.push({ tokenId: token, nftId: null, value });
      continue;
    }
    const instances =
      ledger.type === 'ERC-1155'
        ? [...(ledger.multi.get(holder) ?? [])].map(([id, value]) => ({ id, value }))
        : [...(ledger.ownedIds.get(holder) ?? [])].map((id) => ({ id, value: ledger.unit }));
    if (!instances.length) continue;
    instances.sort(compareIds);
    const amount = instances.reduce((sum, i) => sum + i.value, 0n);
    collections.push({ tokenId: token, amount, instances });
    if (ledger.type === 'ERC-721') holdings.push({ tokenId: token, nftId: null, value: BigInt(instances.length) });
    else for (const i of instances) holdings.push({ tokenId: token, nftId: i.id, value: i.value });
  }
  const tokenOf = (id: number) => state.accounts[id]!.contract!.token!;
  holdings.sort((a, b) => {
    const [ta, tb] = [tokenOf(a.tokenId), tokenOf(b.tokenId)];
    return (
      compareHoldingKeys(
        { value: a.value, type: ta.type, name: ta.name },
        { value: b.value, type: tb.type, name: tb.name },
      ) ||
      (state.accounts[a.tokenId]!.lower < state.accounts[b.tokenId]!.lower ? -1 : a.tokenId === b.tokenId ? 0 : 1) ||
      ((a.nftId ?? 0n) < (b.nftId ?? 0n) ? -1 : (a.nftId ?? 0n) > (b.nftId ?? 0n) ? 1 : 0)
    );
  });
  collections.sort((a, b) =>
    compareCollectionKeys(
      { type: tokenOf(a.tokenId).type, address: state.accounts[a.tokenId]!.lower },
      { type: tokenOf(b.tokenId).type, address: state.accounts[b.tokenId]!.lower },
    ),
  );
  return { holdings, collections };
}

/**
 * Every account's holdings: those of the last finalize, redone for the accounts whose token
 * balances changed since (each list is built afresh, so a chain served earlier keeps its own).
 */
function holdingsByAccount(
  state: LedgerState,
  carry: Carried,
): { holdings: Holding[][]; collections: NftCollection[][] } {
  const changed = state.changedSinceFinalize.holders;
  const holdings = carry.holdings.slice();
  const collections = carry.collections.slice();
  for (let id = holdings.length; id < state.accounts.length; id++) {
    holdings.push([]);
    collections.push([]);
  }
  for (const id of changed) ({ holdings: holdings[id]!, collections: collections[id]! } = holdingsOf(state, id));
  changed.clear();
  carry.holdings = holdings;
  carry.collections = collections;
  return { holdings, collections };
}

/** The owner of every live NFT (`token:id`), from the last chain's and the ids transfers moved since (a new map when any moved). */
function nftOwnersOf(state: LedgerState, carry: Carried): Map<string, number> {
  if (!state.changedSinceFinalize.nfts.length) return carry.nftOwners;
  const owners = new Map(carry.nftOwners);
  carry.nftOwners = owners;
  for (const [token, id] of state.changedSinceFinalize.nfts) {
    const owner = state.tokens.get(token)!.owners.get(id);
    if (owner === undefined) owners.delete(`${token}:${id}`);
    else owners.set(`${token}:${id}`, owner);
  }
  state.changedSinceFinalize.nfts.length = 0;
  return owners;
}

function addressIndex(
  freeze: (list: number[]) => Int32Array,
  lists: AddressLists,
  holdings: Holding[],
  nftCollections: NftCollection[],
): AddressIndex {
  return {
    transactions: freeze(lists.transactions),
    transactionsFrom: freeze(lists.transactionsFrom),
    transactionsTo: freeze(lists.transactionsTo),
    tokenTransfers: freeze(lists.tokenTransfers),
    internalTransactions: freeze(lists.internalTransactions),
    internalTransactionsFrom: freeze(lists.internalTransactionsFrom),
    internalTransactionsTo: freeze(lists.internalTransactionsTo),
    withdrawals: freeze(lists.withdrawals),
    logs: freeze(lists.logs),
    minedBlocks: freeze(lists.minedBlocks),
    holdings,
    nftCollections,
  };
}

/** Whether any of an account's lists grew since `index` was made of them. */
const grown = (index: AddressIndex, lists: AddressLists) =>
  index.transactions.length !== lists.transactions.length ||
  index.transactionsFrom.length !== lists.transactionsFrom.length ||
  index.transactionsTo.length !== lists.transactionsTo.length ||
  index.tokenTransfers.length !== lists.tokenTransfers.length ||
  index.internalTransactions.length !== lists.internalTransactions.length ||
  index.internalTransactionsFrom.length !== lists.internalTransactionsFrom.length ||
  index.internalTransactionsTo.length !== lists.internalTransactionsTo.length ||
  index.withdrawals.length !== lists.withdrawals.length ||
  index.logs.length !== lists.logs.length ||
  index.minedBlocks.length !== lists.minedBlocks.length;

type BlockEntry = { readonly block: Block; readonly list: number; readonly position: number };

/** The blocks a chain held when it was made, by hash: each list (consensus, uncles, reorgs) as long as it was then. */
class BlocksBelow {
  constructor(
    private readonly byHash: ReadonlyMap<string, BlockEntry>,
    private readonly lengths: readonly number[],
  ) {}

  get(hash: string): Block | undefined {
    const found = this.byHash.get(hash);
    return found && found.position < this.lengths[found.list]! ? found.block : undefined;
  }
}

/** The transactions a chain held when it was made, by hash, from the builder's growing index. */
class TransactionsBelow implements HashLookup {
  readonly size: number;

  constructor(
    private readonly index: HashIndex,
    private readonly transactions: readonly Transaction[],
  ) {
    this.size = transactions.length;
  }

  get(hash: string): number | undefined {
    const found = this.index.get(hash);
    return found !== undefined && found < this.size ? found : undefined;
  }

  /** The index's table, or (once the builder mined on and it holds later transactions) one of this chain's own. */
  slots(): Int32Array {
    return this.index.size === this.size
      ? this.index.slots()
      : new HashIndex(new PrefixTable(this.transactions, this.size)).slots();
  }
}

/** A copy of an account as it is now, for a chain to keep while the builder changes its own. */
const frozen = (account: Account): Account => ({
  ...account,
  contract: account.contract && { ...account.contract, token: account.contract.token && { ...account.contract.token } },
});

/** Whether the builder's account changed since `copy` was made of it. */
const changedSince = (account: Account, copy: Account): boolean =>
  account.balance !== copy.balance ||
  account.nonce !== copy.nonce ||
  account.balanceUpdatedAt !== copy.balanceUpdatedAt ||
  account.name !== copy.name ||
  (account.contract !== null &&
    ((account.contract.token === null) !== (copy.contract!.token === null) ||
      account.contract.creationStatus !== copy.contract!.creationStatus ||
      account.contract.hasLogs !== copy.contract!.hasLogs ||
      account.contract.reads !== copy.contract!.reads ||
      (account.contract.token !== null &&
        (account.contract.token.totalSupply !== copy.contract!.token!.totalSupply ||
          account.contract.token.holdersCount !== copy.contract!.token!.holdersCount))));

/**
 * The accounts a new chain holds: the last chain's copies, with a fresh copy of each account that
 * changed since (or is new). A chain made earlier keeps its own copies, so it still shows its head.
 */
function accountsOf(state: LedgerState, carry: Carried): Account[] {
  const accounts = carry.accounts.slice();
  for (let id = 0; id < state.accounts.length; id++) {
    const live = state.accounts[id]!;
    const copy = accounts[id];
    if (!copy || changedSince(live, copy)) accounts[id] = frozen(live);
  }
  carry.accounts = accounts;
  return accounts;
}

/**
 * Turns the replayed ledger into the immutable chain: final token state, indexes, rich list. With
 * `tail`, the block being filled is the chain's head (a provisional header: not found by hash).
 */
export function finalize(
  state: LedgerState,
  scenario: ScenarioSummary,
  exchangeRate: string,
  chain: Pick<Chain, 'kind' | 'chainId'>,
  tail?: Block,
): Chain {
  for (const ledger of state.tokens.values()) {
    const token = state.accounts[ledger.id]!.contract!.token!;
    token.totalSupply = ledger.supply;
    token.holdersCount =
      ledger.type === 'ERC-20' || ledger.type === 'ERC-1155'
        ? ledger.holders.items.length
        : new Set(ledger.owners.values()).size;
  }
  let carry = carried.get(state);
  if (!carry) {
    carry = {
      frozen: new WeakMap(),
      transactionByHash: null,
      transactionsIndexed: 0,
      blockByHash: new Map(),
      accounts: [],
      blocksIndexed: [0, 0, 0],
      holdings: [],
      collections: [],
      nftOwners: new Map(),
      indexes: [],
    };
    carried.set(state, carry);
  }
  const freeze = freezer(carry.frozen);
  const { holdings, collections } = holdingsByAccount(state, carry);
  const previous = carry.indexes;
  const indexes = state.lists.map((lists, id) => {
    const known = previous[id];
    return known && !grown(known, lists) && known.holdings === holdings[id] && known.nftCollections === collections[id]
      ? known
      : addressIndex(freeze, lists, holdings[id]!, collections[id]!);
  });
  carry.indexes = indexes;

  const rich = state.accounts.filter((a) => a.balance > 0n);
  rich.sort((a, b) => (a.balance !== b.balance ? (a.balance > b.balance ? -1 : 1) : a.lower < b.lower ? -1 : 1));
  const totalSupply = state.accounts.reduce((sum, a) => sum + a.balance, 0n);

  const nftOwners = nftOwnersOf(state, carry);

  const blockByHash = carry.blockByHash;
  [state.blocks, state.uncles, state.reorgs].forEach((list, k) => {
    for (let i = carry.blocksIndexed[k]!; i < list.length; i++)
      blockByHash.set(list[i]!.hash, { block: list[i]!, list: k, position: i });
    carry.blocksIndexed[k] = list.length;
  });
  const transactionByHash = carry.transactionByHash
    ? carry.transactionByHash.grownTo(state.transactions, carry.transactionsIndexed)
    : new HashIndex(state.transactions);
  carry.transactionByHash = transactionByHash;
  carry.transactionsIndexed = state.transactions.length;

  // The builder goes on appending to its lists and maps: the chain sees only what they hold now.
  return {
    scenario,
    seed: state.seed,
    kind: chain.kind,
    chainId: chain.chainId,
    signers: state.keys.map(({ id, privateKey }) => ({ address: state.accounts[id]!.hash, privateKey })),
    exchangeRate,
    accounts: accountsOf(state, carry),
    accountByHash: new LookupBelow(state.byLower, state.accounts.length),
    zeroId: 0,
    blocks: new PrefixTable(tail ? [...state.blocks, tail] : state.blocks),
    uncles: new PrefixTable(state.uncles),
    reorgs: new PrefixTable(state.reorgs),
    blockByHash: new BlocksBelow(blockByHash, [state.blocks.length, state.uncles.length, state.reorgs.length]),
    transactions: new PrefixTable(state.transactions),
    transactionByHash: new TransactionsBelow(transactionByHash, state.transactions),
    tokenTransfers: new PrefixTable(state.tokenTransfers),
    internalTransactions: new PrefixTable(state.internalTransactions),
    withdrawals: new PrefixTable(state.withdrawals),
    authorizations: new PrefixTable(state.authorizations),
    blobs: new PrefixTable(state.blobs),
    events: new PrefixTable(state.events),
    storageWrites: new PrefixTable(state.storageWrites),
    stateEdits: new PrefixTable(state.stateEdits),
    indexes,
    richList: Int32Array.from(rich, (a) => a.id),
    totalSupply,
    nftOwners,
    handles: { ...state.handles },
    headHeight: state.blocks.length - (tail ? 0 : 1),
  };
}
