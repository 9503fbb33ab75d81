import {
  type AddressIndex,
  type Block,
  type Chain,
  type Holding,
  type NftCollection,
  type ScenarioSummary,
} from '../src/chain/types.js';
import { HashIndex } from '../src/chain/hashIndex.js';
import { compareCollectionKeys, compareHoldingKeys } from '../src/chain/order.js';
import type { AddressLists, LedgerState } from './ledger/state.js';

const EMPTY = new Int32Array(0);

/**
 * What finalizing a ledger once leaves for the next time, when the ledger has only grown (a
 * living chain mines on): frozen lists by their source list, the transaction hash index, the
 * block map. The chain made last time shares them and must not be served any more.
 */
interface Carried {
  readonly frozen: WeakMap<number[], Int32Array>;
  transactionByHash: HashIndex | null;
  transactionsIndexed: number;
  readonly blockByHash: Map<string, Block>;
  readonly blocksIndexed: [number, number, number];
}

const carried = new WeakMap<LedgerState, Carried>();

/** An append-only list as an Int32Array, reused while the list has not grown. */
function freezer(cache: WeakMap<number[], Int32Array>) {
  return (list: number[]) => {
    if (!list.length) return EMPTY;
    const known = cache.get(list);
    if (known && known.length === list.length) return known;
    const frozen = Int32Array.from(list);
    cache.set(list, frozen);
    return frozen;
  };
}

function holdingsByAccount(state: LedgerState): { holdings: Holding[][]; collections: NftCollection[][] } {
  const holdings: Holding[][] = state.accounts.map(() => []);
  const collections: NftCollection[][] = state.accounts.map(() => []);
  for (const ledger of state.tokens.values()) {
    const token = ledger.id;
    if (ledger.type === 'ERC-20') {
      for (const [holder, value] of ledger.balances) if (value > 0n) holdings[holder]!.push({ tokenId: token, nftId: null, value });
      continue;
    }
    const held = new Map<number, { id: bigint; value: bigint }[]>();
    const add = (holder: number, id: bigint, value: bigint) => {
      let list = held.get(holder);
      if (!list) held.set(holder, (list = []));
      list.push({ id, value });
    };
    if (ledger.type === 'ERC-1155') {
      for (const [holder, ids] of ledger.multi) for (const [id, value] of ids) add(holder, id, value);
    } else {
      for (const [id, owner] of ledger.owners) add(owner, id, ledger.unit);
    }
    for (const [holder, instances] of held) {
      instances.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      const amount = instances.reduce((sum, i) => sum + i.value, 0n);
      collections[holder]!.push({ tokenId: token, amount, instances });
      if (ledger.type === 'ERC-721') holdings[holder]!.push({ tokenId: token, nftId: null, value: BigInt(instances.length) });
      else for (const i of instances) holdings[holder]!.push({ tokenId: token, nftId: i.id, value: i.value });
    }
  }
  const tokenOf = (id: number) => state.accounts[id]!.contract!.token!;
  for (const list of holdings) {
    list.sort((a, b) => {
      const [ta, tb] = [tokenOf(a.tokenId), tokenOf(b.tokenId)];
      return (
        compareHoldingKeys({ value: a.value, type: ta.type, name: ta.name }, { value: b.value, type: tb.type, name: tb.name }) ||
        (state.accounts[a.tokenId]!.lower < state.accounts[b.tokenId]!.lower ? -1 : a.tokenId === b.tokenId ? 0 : 1) ||
        ((a.nftId ?? 0n) < (b.nftId ?? 0n) ? -1 : (a.nftId ?? 0n) > (b.nftId ?? 0n) ? 1 : 0)
      );
    });
  }
  for (const list of collections) {
    list.sort((a, b) =>
      compareCollectionKeys(
        { type: tokenOf(a.tokenId).type, address: state.accounts[a.tokenId]!.lower },
        { type: tokenOf(b.tokenId).type, address: state.accounts[b.tokenId]!.lower },
      ),
    );
  }
  return { holdings, collections };
}

function addressIndex(freeze: (list: number[]) => Int32Array, lists: AddressLists, holdings: Holding[], nftCollections: NftCollection[]): AddressIndex {
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

/** Turns the replayed ledger into the immutable chain: final token state, indexes, rich list. */
export function finalize(state: LedgerState, scenario: ScenarioSummary, exchangeRate: string): Chain {
  for (const ledger of state.tokens.values()) {
    const token = state.accounts[ledger.id]!.contract!.token!;
    token.totalSupply = ledger.supply;
    token.holdersCount = ledger.type === 'ERC-20' || ledger.type === 'ERC-1155' ? ledger.holders.items.length : new Set(ledger.owners.values()).size;
  }
  let carry = carried.get(state);
  if (!carry) carried.set(state, (carry = { frozen: new WeakMap(), transactionByHash: null, transactionsIndexed: 0, blockByHash: new Map(), blocksIndexed: [0, 0, 0] }));
  const freeze = freezer(carry.frozen);
  const { holdings, collections } = holdingsByAccount(state);
  const indexes = state.lists.map((lists, id) => addressIndex(freeze, lists, holdings[id]!, collections[id]!));

  const rich = state.accounts.filter((a) => a.balance > 0n);
  rich.sort((a, b) => (a.balance !== b.balance ? (a.balance > b.balance ? -1 : 1) : a.lower < b.lower ? -1 : 1));
  const totalSupply = state.accounts.reduce((sum, a) => sum + a.balance, 0n);

  const nftOwners = new Map<string, number>();
  for (const ledger of state.tokens.values()) for (const [id, owner] of ledger.owners) nftOwners.set(`${ledger.id}:${id}`, owner);

  const blockByHash = carry.blockByHash;
  [state.blocks, state.uncles, state.reorgs].forEach((list, k) => {
    for (let i = carry.blocksIndexed[k]!; i < list.length; i++) blockByHash.set(list[i]!.hash, list[i]!);
    carry.blocksIndexed[k] = list.length;
  });
  const transactionByHash = carry.transactionByHash ? carry.transactionByHash.grownTo(state.transactions, carry.transactionsIndexed) : new HashIndex(state.transactions);
  carry.transactionByHash = transactionByHash;
  carry.transactionsIndexed = state.transactions.length;

  return {
    scenario,
    seed: state.seed,
    exchangeRate,
    accounts: state.accounts,
    accountByHash: state.byLower,
    zeroId: 0,
    blocks: state.blocks,
    uncles: state.uncles,
    reorgs: state.reorgs,
    blockByHash,
    transactions: state.transactions,
    transactionByHash,
    tokenTransfers: state.tokenTransfers,
    internalTransactions: state.internalTransactions,
    withdrawals: state.withdrawals,
    events: state.events,
    indexes,
    richList: Int32Array.from(rich, (a) => a.id),
    totalSupply,
    nftOwners,
    handles: state.handles,
    headHeight: state.blocks.length - 1,
  };
}
