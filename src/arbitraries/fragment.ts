import { HashIndex } from '../chain/hashIndex.js';
import {
  DEFAULT_CHAIN_ID,
  type Account,
  type AddressIndex,
  type Block,
  type Chain,
  type InternalTransaction,
  type TokenTransfer,
  type Transaction,
  type Withdrawal,
  type Authorization,
  type Blob,
} from '../chain/types.js';
import { createViewContext, type ViewContext } from '../views/context.js';

const EMPTY = new Int32Array(0);
const ONE = Int32Array.of(0);

/** Which per-address lists an account's fragment marks non-empty (the views read only their length). */
export interface ListFlags {
  readonly transactions?: boolean;
  readonly tokenTransfers?: boolean;
  readonly withdrawals?: boolean;
  readonly minedBlocks?: boolean;
  readonly holdings?: boolean;
}

const addressIndexOf = (flags: ListFlags = {}): AddressIndex => ({
  transactions: flags.transactions ? ONE : EMPTY,
  transactionsFrom: EMPTY,
  transactionsTo: EMPTY,
  tokenTransfers: flags.tokenTransfers ? ONE : EMPTY,
  internalTransactions: EMPTY,
  internalTransactionsFrom: EMPTY,
  internalTransactionsTo: EMPTY,
  withdrawals: flags.withdrawals ? ONE : EMPTY,
  logs: EMPTY,
  minedBlocks: flags.minedBlocks ? ONE : EMPTY,
  holdings: flags.holdings ? [{ tokenId: 0, nftId: null, value: 1n }] : [],
  nftCollections: [],
});

export interface FragmentParts {
  readonly seed?: string;
  readonly accounts: readonly Account[];
  readonly flags?: readonly ListFlags[];
  readonly blocks?: readonly Block[];
  readonly transactions?: readonly Transaction[];
  readonly tokenTransfers?: readonly TokenTransfer[];
  readonly internalTransactions?: readonly InternalTransaction[];
  readonly withdrawals?: readonly Withdrawal[];
  readonly authorizations?: readonly Authorization[];
  readonly blobs?: readonly Blob[];
  readonly headHeight?: number;
  readonly exchangeRate?: string;
  readonly nftOwners?: ReadonlyMap<string, number>;
}

/**
 * A chain holding only the entities one arbitrary value needs, so the real views can render it:
 * the arbitraries and the server share one definition of every resource's JSON.
 */
export function fragmentContext(parts: FragmentParts): ViewContext {
  // The views find a block by height (`chain.blocks.at(height)`): place each at its height.
  const blocks: Block[] = [];
  for (const block of parts.blocks ?? []) blocks[block.height] = block;
  const transactions = parts.transactions ?? [];
  const chain: Chain = {
    scenario: { name: 'arbitrary', description: 'A fragment built by a fast-check arbitrary.' },
    seed: parts.seed ?? 'arbitrary',
    kind: 'ethereum',
    chainId: DEFAULT_CHAIN_ID,
    signers: [],
    exchangeRate: parts.exchangeRate ?? '1',
    accounts: parts.accounts,
    accountByHash: new Map(parts.accounts.map((a) => [a.lower, a.id])),
    zeroId: parts.accounts.findIndex((a) => /^0x0{40}$/.test(a.hash)),
    blocks,
    uncles: [],
    reorgs: [],
    blockByHash: new Map((parts.blocks ?? []).map((b) => [b.hash, b])),
    transactions,
    transactionByHash: new HashIndex(transactions),
    tokenTransfers: parts.tokenTransfers ?? [],
    internalTransactions: parts.internalTransactions ?? [],
    withdrawals: parts.withdrawals ?? [],
    authorizations: parts.authorizations ?? [],
    blobs: parts.blobs ?? [],
    events: [],
    storageWrites: [],
    stateEdits: [],
    indexes: parts.accounts.map((_, i) => addressIndexOf(parts.flags?.[i])),
    richList: EMPTY,
    totalSupply: 0n,
    nftOwners: parts.nftOwners ?? new Map(),
    handles: {},
    headHeight: parts.headHeight ?? Math.max(0, ...(parts.blocks ?? []).map((b) => b.height)),
  };
  return createViewContext(chain, 'spec', 16 * 1024 * 1024);
}
