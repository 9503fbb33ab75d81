import type {
  Account,
  Authorization,
  Blob,
  ContractEvent,
  Block,
  Hex,
  InternalTransaction,
  StateEdit,
  StorageWrite,
  TokenTransfer,
  TokenType,
  Transaction,
  Withdrawal,
} from '../../src/chain/types.js';
import type { Scenario } from '../../scenarios/types.js';
import { type HolderSet, holderSet } from './holderSet.js';
import type { TxPlan } from './plan.js';

/** Per-address lists of global indexes, appended in chain order while the chain is built. */
export interface AddressLists {
  transactions: number[];
  transactionsFrom: number[];
  transactionsTo: number[];
  tokenTransfers: number[];
  internalTransactions: number[];
  internalTransactionsFrom: number[];
  internalTransactionsTo: number[];
  withdrawals: number[];
  /** Log refs (`src/chain/logs.ts`) of what it emitted as a contract. */
  logs: number[];
  minedBlocks: number[];
}

/** The state of one token contract while the chain is replayed. */
export interface TokenLedger {
  readonly type: TokenType;
  /** The token contract's account id. */
  readonly id: number;
  /** Units moved by one NFT of an ERC-721 (1) or ERC-404 (10^decimals) transfer. */
  readonly unit: bigint;
  /** ERC-20 balances. */
  readonly balances: Map<number, bigint>;
  /** ERC-721 and ERC-404: owner of each live id. */
  readonly owners: Map<bigint, number>;
  /** ERC-1155: holder → id → amount. */
  readonly multi: Map<number, Map<bigint, bigint>>;
  /** ERC-721 and ERC-404: the live ids each owner holds. */
  readonly ownedIds: Map<number, Set<bigint>>;
  /** Holders with a positive balance (ERC-20, ERC-1155) or live ids (ERC-721, ERC-404). */
  readonly holders: HolderSet<number>;
  readonly liveIds: HolderSet<bigint>;
  nextId: bigint;
  supply: bigint;
}

/** Approvals of one token given by sent transactions; addresses lower-case. */
export interface TokenApprovals {
  /** ERC-20: `owner:spender` → the allowance left. */
  readonly allowances: Map<string, bigint>;
  /** ERC-721: id → the account approved for it since it last moved. */
  readonly approved: Map<bigint, string>;
  /** ERC-721 and ERC-1155: `owner:operator` pairs approved for all. */
  readonly operators: Set<string>;
}

/**
 * What the EVM did running a scenario's contract's own code: its constructor, or a scripted call
 * of it. The builder cannot run the EVM (it is synchronous, the EVM is not): `runContractCode`
 * (src/execution) runs them and hands the results in through `BuildChainOptions.contractRuns`.
 */
export interface ContractRun {
  /** The runtime code a constructor returned (its immutables filled in); none for a call. */
  readonly runtime: Hex;
  /** The slots a pinned contract's constructor set in its own storage: its storage at genesis. */
  readonly storage: readonly { readonly slot: Hex; readonly value: Hex }[];
  /**
   * The transaction's plan from the model's (its fee draw, its creation or call): the gas, logs,
   * internal transactions, storage and tokens of the EVM's run.
   */
  readonly plan: (state: LedgerState, model: TxPlan) => TxPlan;
}

/** The runs of a scenario's contracts' code, by key (`constructorKey`, `activityKey`). */
export interface ContractRuns {
  get(key: string): ContractRun | undefined;
  /** What they were run for (`runContractCode` says): a build with other options refuses them. */
  readonly madeFor?: {
    readonly scenario: Scenario;
    readonly seed: string;
    readonly genesisTime: number;
    readonly slotSeconds: number;
  };
  /** Told, as the chain is built, which transaction each scripted call to such a contract is (for `runContractCode`). */
  placed?(key: string, transaction: number): void;
  /** The runs as data, without functions: what a snapshot of the chain keeps, to make them again from. */
  readonly saved?: SavedRuns;
}

/**
 * What the EVM did in each run, by key, as plain data (big integers and maps, no functions): kept
 * in a snapshot, read back by the one who made it (`runContractCode`'s module).
 */
export interface SavedRuns {
  readonly runs: ReadonlyMap<string, unknown>;
}

/** Everything the simulation mutates; frozen into a `Chain` at the end. */
export interface LedgerState {
  readonly seed: string;
  readonly scenario: Scenario;
  /** What the EVM did running the scenario's contracts' own code (`runContractCode`). */
  readonly contractRuns: ContractRuns;
  readonly accounts: Account[];
  readonly byLower: Map<string, number>;
  readonly lists: AddressLists[];
  readonly blocks: Block[];
  readonly uncles: Block[];
  readonly reorgs: Block[];
  readonly transactions: Transaction[];
  readonly tokenTransfers: TokenTransfer[];
  readonly internalTransactions: InternalTransaction[];
  readonly withdrawals: Withdrawal[];
  readonly authorizations: Authorization[];
  readonly blobs: Blob[];
  /** Each account's delegation now (EIP-7702): the account whose code it runs. */
  readonly delegations: Map<number, number>;
  readonly events: ContractEvent[];
  /** Storage slots executed transactions set. */
  readonly storageWrites: StorageWrite[];
  /** Balances and code clients set outside transactions (cheat codes). */
  readonly stateEdits: StateEdit[];
  /** Every slot's value now, by account and slot (what the EVM reads). */
  readonly storage: Map<number, Map<string, `0x${string}`>>;
  /** Per emitter, how many events it has emitted so far. */
  readonly eventSerials: Map<number, number>;
  readonly tokens: Map<number, TokenLedger>;
  readonly handles: Record<string, string>;
  /** Per account, every token it has received: its holdings come from these alone. */
  readonly tokensReceived: Map<number, Set<number>>;
  /**
   * Per token, the approvals sent transactions gave (generated activity never approves the
   * accounts a client sends from, so these are all a sent write can rely on).
   */
  readonly approvals: Map<number, TokenApprovals>;
  /** The accounts the node can sign for, in the order `eth_accounts` lists them. */
  readonly keys: { readonly id: number; readonly privateKey: `0x${string}` }[];
  /** What token transfers changed since the chain was last finalized, so finalizing again redoes only that. */
  readonly changedSinceFinalize: { readonly holders: Set<number>; readonly nfts: [tokenId: number, id: bigint][] };
}

export const emptyLists = (): AddressLists => ({
  transactions: [],
  transactionsFrom: [],
  transactionsTo: [],
  tokenTransfers: [],
  internalTransactions: [],
  internalTransactionsFrom: [],
  internalTransactionsTo: [],
  withdrawals: [],
  logs: [],
  minedBlocks: [],
});

export function createState(seed: string, scenario: Scenario, contractRuns: ContractRuns = new Map()): LedgerState {
  return {
    seed,
    scenario,
    contractRuns,
    accounts: [],
    byLower: new Map(),
    lists: [],
    blocks: [],
    uncles: [],
    reorgs: [],
    transactions: [],
    tokenTransfers: [],
    internalTransactions: [],
    withdrawals: [],
    authorizations: [],
    blobs: [],
    delegations: new Map(),
    events: [],
    storageWrites: [],
    stateEdits: [],
    storage: new Map(),
    eventSerials: new Map(),
    tokens: new Map(),
    handles: {},
    tokensReceived: new Map(),
    approvals: new Map(),
    keys: [],
    changedSinceFinalize: { holders: new Set(), nfts: [] },
  };
}

export function newTokenLedger(type: TokenType, id: number, decimals: number): TokenLedger {
  return {
    type,
    id,
    unit: type === 'ERC-404' ? 10n ** BigInt(decimals) : 1n,
    balances: new Map(),
    owners: new Map(),
    ownedIds: new Map(),
    multi: new Map(),
    holders: holderSet(),
    liveIds: holderSet(),
    nextId: 1n,
    supply: 0n,
  };
}
