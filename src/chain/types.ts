/**
 * The chain: the one source of truth that every endpoint reads. It is built once by
 * `buildChain` (generators/) and never changes afterwards.
 *
 * Entities refer to each other by number: accounts by their index in `chain.accounts`
 * (`NONE` = -1 for "no account"), transactions, token transfers, internal transactions and
 * withdrawals by their position in the chain's tables (`Table`), which are sorted in chain order
 * (block height, then position / log index / call index). Values that follow from other fields
 * (timestamps of transactions, fees, confirmations, encoded inputs, contract sources) are not
 * stored; the views derive them.
 */

import type { Abi } from 'abitype';
import type { HashLookup } from './hashIndex.js';
import type { Table } from './table.js';
import type { SignedFields } from '../protocol/transaction.js';
import type { ChainKind } from '../protocol/chainSpec.js';
import type { TransactionTypeId } from '../protocol/transactionTypes.js';
import type { AuthorizationStatus } from '../protocol/authorization.js';

export type Hex = `0x${string}`;

/** Index into `chain.accounts`; `NONE` where there is no account. */
export type AccountId = number;
export const NONE = -1;

export type TokenType = 'ERC-20' | 'ERC-721' | 'ERC-1155' | 'ERC-404';
export const TOKEN_TYPES: readonly TokenType[] = ['ERC-20', 'ERC-721', 'ERC-1155', 'ERC-404'];

export type CreationStatus = 'success' | 'failed' | 'selfdestructed';

export interface TagLabel {
  readonly displayName: string;
  readonly label: string;
}

/** The kinds of metadata tag the explorer's metadata service gives (Blockscout's `metadata_tag.ex`). */
export type MetadataTagType = 'name' | 'generic' | 'classifier' | 'information' | 'note' | 'protocol';

export interface AddressMetadata {
  readonly slug: string;
  readonly name: string;
  readonly tagType: MetadataTagType;
  readonly ordinal: number;
  readonly meta: Readonly<Record<string, string>>;
}

/**
 * What a contract is. The kind fixes its ABI, its source text and its bytecode
 * (`generators/contracts/contractArtifacts.ts`).
 */
export type ContractKind =
  | 'erc20'
  | 'erc721'
  | 'erc1155'
  | 'erc404'
  | 'vault'
  | 'router'
  | 'factory'
  | 'oracle'
  | 'lending-pool'
  | 'multisig'
  | 'destructible'
  | 'implementation'
  | 'transparent-proxy'
  | 'minimal-proxy'
  | 'vyper-escrow'
  | 'failed-deploy'
  | 'library'
  /** A smart account's code that EOAs delegate to (EIP-7702): batched calls. */
  | 'batch-executor'
  /** ERC-4337: the EntryPoint singletons (v0.6, v0.7), the smart accounts they run, their factories and paymasters. */
  | 'entry-point-v06'
  | 'entry-point-v07'
  | 'smart-account'
  | 'account-factory'
  | 'paymaster'
  /** The beacon chain's deposit contract (EIP-6110 reads its `DepositEvent` logs). */
  | 'deposit-contract'
  /** A scenario's own code (`Contract.custom`), not the catalogue's. */
  | 'custom';

/** The kinds whose ABI, source and bytecode the catalogue holds. */
export type CatalogueKind = Exclude<ContractKind, 'custom'>;

export type Verification = 'full' | 'partial' | 'none';

export interface Token {
  readonly type: TokenType;
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
  /** USD price of one whole token, as a decimal string. */
  readonly exchangeRate: string;
  readonly iconUrl: string | null;
  /** Minted minus burnt, in the smallest unit (for NFTs: the number of units). Final state. */
  totalSupply: bigint;
  /** Holders with a positive balance. Final state. */
  holdersCount: number;
  /** NFT metadata a scenario fixed for the collection (and per id); what it leaves out is drawn. Absent for drawn tokens. */
  readonly metadata?: NftMetadataSpec | null;
  /**
   * The metadata views a contract with code of its own did not answer (it has no such function, it
   * reverted, or its answer does not decode): `name`, `symbol` and `decimals` hold "", "" and 18
   * in their place, and Blockscout, which stores what its fetcher read, shows them null.
   */
  readonly unanswered?: readonly TokenMetadataField[];
  /** No market prices it (a token of code of its own): `exchangeRate` holds "0", and Blockscout shows no rate and no market cap. */
  readonly unpriced?: true;
}

/** A token's metadata a contract answers by a view of its own (`name()`, `symbol()`, `decimals()`). */
export type TokenMetadataField = 'name' | 'symbol' | 'decimals';

/** A collection's NFT metadata fixed by a scenario, and overrides for single ids (`{id}` in a text stands for the token id). */
export interface NftMetadataSpec extends NftMetadataFields {
  readonly ids?: Readonly<Record<string, NftMetadataFields>> | undefined;
}

/** The metadata a scenario can fix for an NFT; `{id}` in a text stands for the token id. */
export interface NftMetadataFields {
  readonly name?: string | undefined;
  readonly description?: string | undefined;
  readonly image?: string | undefined;
  readonly attributes?: readonly { readonly trait_type: string; readonly value: string | number }[] | undefined;
}

/** The compiler of a scenario contract's verified record, as the scenario gives it. */
export interface CompilerSpec {
  readonly version: string;
  readonly language?: 'solidity' | 'vyper' | undefined;
  readonly evmVersion?: string | undefined;
  readonly optimizer?: { readonly enabled: boolean; readonly runs: number } | undefined;
  readonly settings?: Readonly<Record<string, unknown>> | undefined;
}

/**
 * A value a scenario declares a view of its own contract returns, from block `fromBlock` on (for
 * the arguments `args`, or any when null): what the node's `eth_call` answers it with.
 */
export interface DeclaredRead {
  /** The function's signature, such as `greeting()` or `ownerOf(string)`. */
  readonly signature: string;
  /** ABI values the call's arguments must equal, or null for any. */
  readonly args: readonly unknown[] | null;
  /** What it returns: ABI values, one per output. */
  readonly returns: readonly unknown[];
  readonly fromBlock: number;
}

/** A scenario's own contract code: its ABI, bytecode and verified record come from here, not from the catalogue. */
export interface CustomCode {
  readonly abi: Abi;
  /** The Solidity contract name. */
  readonly contractName: string;
  /** Creation bytecode without constructor arguments; drawn from the ABI when null. */
  readonly bytecode: Hex | null;
  readonly deployedBytecode: Hex | null;
  /** The verified sources, the compilation target first (none for an unverified contract given only an ABI). */
  readonly sources: readonly { readonly filePath: string; readonly content: string }[];
  /** Drawn when null. */
  readonly compiler: CompilerSpec | null;
}

export interface Contract {
  readonly kind: ContractKind;
  /** The scenario's own code, for kind `custom`. */
  readonly custom?: CustomCode | null;
  /** Stable label the contract's seeded values (source details, verification) are drawn from. */
  readonly label: string;
  /** Contracts with the same bytecode label have identical bytecode (verified twins). */
  readonly bytecodeLabel: string;
  /** Human name of the contract (the Solidity contract name, e.g. `StakingVault`). */
  readonly name: string;
  /** NONE for a contract predeployed at genesis. */
  readonly creatorId: AccountId;
  /** Index into `chain.transactions` of the transaction that created it; NONE for a contract predeployed at genesis. */
  readonly creationTransaction: number;
  creationStatus: CreationStatus;
  /** For proxies, the account they delegate to. */
  readonly implementationId: AccountId;
  readonly verification: Verification;
  /** Constructor arguments, as passed to the catalogue's constructor inputs. */
  readonly constructorArgs: readonly unknown[];
  readonly token: Token | null;
  /** Whether it has emitted a log (a token transfer or any event) in the chain. */
  hasLogs: boolean;
  /** The views a scenario declares it answers (its own, or through it as a proxy), in the order declared: set-up, then scripted calls as they run. */
  reads?: readonly DeclaredRead[];
  /** A verification a client submitted to the running server (never built, never in a snapshot): the sources every API then shows. */
  readonly submitted?: SubmittedSource;
}

/** Sources a client submitted for verification, as the explorer then serves them (compiled where the named compiler is at hand). */
export interface SubmittedSource {
  readonly name: string;
  readonly compilerVersion: string;
  /** The contract's own file first. */
  readonly sources: readonly { readonly path: string; readonly content: string }[];
  readonly settings: Record<string, unknown>;
  readonly evmVersion: string;
  readonly optimization: boolean;
  readonly runs: number | null;
  readonly licenseType: string | null;
  /** Unix seconds: the head's time when it was accepted. */
  readonly verifiedAt: number;
  /** The ABI its compilation gave, where the mock compiled it (with no compiler at hand, the code's own). */
  readonly abi?: Abi;
  /** The constructor arguments it was sent with (hex), which end the contract's creation input. */
  readonly constructorArgs?: Hex;
}

/** An account the node holds the key of. */
export interface Signer {
  /** Checksummed. */
  readonly address: Hex;
  readonly privateKey: Hex;
}

export interface Account {
  readonly id: AccountId;
  /** EIP-55 checksummed. */
  readonly hash: Hex;
  /** Lower-case, the key of `chain.accountByHash`. */
  readonly lower: string;
  readonly name: string | null;
  readonly ensName: string | null;
  readonly publicTags: readonly TagLabel[];
  readonly privateTags: readonly TagLabel[];
  readonly watchlistNames: readonly TagLabel[];
  readonly metadata: AddressMetadata | null;
  /** Present on every address created by a contract creation, successful or not. */
  readonly contract: Contract | null;
  /** Coin balance allocated at genesis, in wei. */
  readonly genesisBalance: bigint;
  /** Final coin balance in wei. */
  balance: bigint;
  /** Height of the last consensus block that changed the balance; null if it never changed. */
  balanceUpdatedAt: number | null;
  /** Number of transactions sent (the next nonce). */
  nonce: number;
}

export type BlockType = 'block' | 'uncle' | 'reorg';

export interface Reward {
  readonly type: 'Miner Reward' | 'Emission Reward' | 'Chore Reward' | 'Uncle Reward';
  readonly amount: bigint;
}

export interface Block {
  readonly type: BlockType;
  readonly height: number;
  readonly hash: Hex;
  readonly parentHash: Hex;
  /** Unix seconds. */
  readonly timestamp: number;
  readonly minerId: AccountId;
  readonly nonce: Hex;
  readonly difficulty: bigint;
  readonly totalDifficulty: bigint;
  readonly size: number;
  readonly extraData: Hex;
  readonly stateRoot: Hex;
  readonly gasLimit: number;
  readonly gasUsed: number;
  readonly baseFeePerGas: bigint;
  /** Sum of the priority fees of its transactions. */
  readonly priorityFee: bigint;
  /** Sum of the fees of its transactions. */
  readonly transactionFees: bigint;
  /** Transactions of the block: `chain.transactions` rows `transactionStart … transactionStart + transactionCount − 1`. */
  readonly transactionStart: number;
  readonly transactionCount: number;
  /** Withdrawals of the block: `chain.withdrawals` rows `withdrawalStart … withdrawalStart + withdrawalCount − 1`. */
  readonly withdrawalStart: number;
  readonly withdrawalCount: number;
  readonly unclesHashes: readonly Hex[];
  readonly rewards: readonly Reward[];
  /** Blob gas its blob transactions used (EIP-4844): 131,072 a blob; 0 where the chain has no blobs. */
  readonly blobGasUsed: number;
  /** Blob gas used above the target, carried over from the blocks before (EIP-4844): the blob base fee follows from it. */
  readonly excessBlobGas: number;
}

export type TransactionStatus = 'ok' | 'error';

export type TransactionKind =
  | 'token_transfer'
  | 'contract_creation'
  | 'contract_call'
  | 'token_creation'
  | 'coin_transfer';

/** Bits of `Transaction.types`, in the order views list them. */
export const TRANSACTION_KIND_BITS: readonly TransactionKind[] = [
  'token_transfer',
  'contract_creation',
  'contract_call',
  'token_creation',
  'coin_transfer',
];
export const kindBit = (kind: TransactionKind): number => 1 << TRANSACTION_KIND_BITS.indexOf(kind);

/** A call of a contract method: the ABI of `contractKind` holds `functionName` (for `custom`, the callee's code's ABI, or its implementation's). */
export interface Call {
  readonly contractKind: ContractKind;
  readonly functionName: string;
  readonly args: readonly unknown[];
  /** Which function, where its name and arity do not tell (a call read back from its input, one of overloads): its selector. */
  readonly selector?: `0x${string}`;
}

export interface Action {
  readonly protocol: string;
  readonly type: string;
  readonly data: Readonly<Record<string, string | number>>;
}

export interface Transaction {
  readonly hash: Hex;
  /** Height of its consensus block. */
  readonly block: number;
  /** Position within the block. */
  readonly position: number;
  readonly fromId: AccountId;
  /** NONE on contract creations. */
  readonly toId: AccountId;
  /** The created contract on contract creations (also when the creation failed); else NONE. */
  readonly createdId: AccountId;
  readonly nonce: number;
  /** Transaction type number (EIP-2718): one the protocol's registry holds (`src/protocol/transactionTypes.ts`). */
  readonly type: TransactionTypeId;
  readonly status: TransactionStatus;
  readonly value: bigint;
  readonly gasLimit: number;
  readonly gasUsed: number;
  /** Effective gas price. */
  readonly gasPrice: bigint;
  /** null on legacy transactions. */
  readonly maxFeePerGas: bigint | null;
  readonly maxPriorityFeePerGas: bigint | null;
  /** The method called (decoded from the input); null for plain transfers and creations. */
  readonly call: Call | null;
  /** Bit set of TRANSACTION_KIND_BITS. */
  readonly types: number;
  readonly revertReason: string | null;
  /** Token transfers it emitted: `chain.tokenTransfers` rows `tokenTransferStart … tokenTransferStart + tokenTransferCount − 1`. */
  readonly tokenTransferStart: number;
  readonly tokenTransferCount: number;
  /** Internal transactions (without the top-level call): `chain.internalTransactions` rows `internalStart … internalStart + internalCount − 1`. */
  readonly internalStart: number;
  readonly internalCount: number;
  /** Events other than token transfers it emitted: `chain.events` rows `eventStart … eventStart + eventCount − 1`. */
  readonly eventStart: number;
  readonly eventCount: number;
  readonly hasErrorInInternalTransactions: boolean;
  readonly actions: readonly Action[];
  readonly tag: string | null;
  /** How a transaction sent to the node was signed; absent on generated ones (their signature is drawn from the hash). */
  readonly signed?: SignedFields;
}

export type { SignedFields } from '../protocol/transaction.js';
export type { AuthorizationStatus } from '../protocol/authorization.js';

/**
 * One token transfer log. An ERC-1155 batch holds several ids in one log; the endpoints list it
 * flattened, one item per id, in the order of `tokenIds`.
 */
export interface TokenTransfer {
  readonly transaction: number;
  readonly block: number;
  /** Unique within the block. */
  readonly logIndex: number;
  /** The token contract. */
  readonly tokenId: AccountId;
  readonly fromId: AccountId;
  readonly toId: AccountId;
  /** Token ids (NFTs, ERC-1155 and ERC-404); null for ERC-20. */
  readonly tokenIds: readonly bigint[] | null;
  /** One amount per token id (ERC-721: 1), or the single ERC-20 amount. */
  readonly amounts: readonly bigint[];
}

/**
 * An event log other than a token transfer's (a transfer's `Transfer`, `TransferSingle`,
 * `TransferBatch` or `ERC721Transfer` log follows from the transfer itself). Its topics and data
 * are the ABI encoding of `args` with the event `name` of the ABI of `contractKind`.
 */
export interface ContractEvent {
  readonly transaction: number;
  readonly block: number;
  /** Its log index: unique within the block, shared with the block's token transfers. */
  readonly index: number;
  /** The contract that emitted it (a proxy emits its implementation's events). */
  readonly emitterId: AccountId;
  readonly contractKind: ContractKind;
  readonly name: string;
  readonly args: readonly unknown[];
  /**
   * A log an executed contract emitted (its code ran on the EVM), as emitted: its topics and data;
   * then `contractKind` is `custom`, `name` empty and `args` none. Never in a snapshot.
   */
  readonly raw?: RawLog | undefined;
}

/** A log's topics (one to four) and data, as the EVM emits it. */
export interface RawLog {
  readonly topics: readonly Hex[];
  readonly data: Hex;
}

/** A storage slot an executed transaction set (its value after the transaction). Never in a snapshot. */
export interface StorageWrite {
  /** The transaction that wrote it; `NONE` for a slot a client set (`anvil_setStorageAt`). */
  readonly transaction: number;
  readonly block: number;
  readonly accountId: AccountId;
  /** 32 bytes, lower-case. */
  readonly slot: Hex;
  /** 32 bytes, lower-case. */
  readonly value: Hex;
}

/**
 * A change a client made to the state outside any transaction, as a dev node's cheat codes make
 * them (`anvil_setBalance`, `anvil_setCode`, the clock's), in chain order: it holds from block `block` on,
 * after that block's transactions. Storage set by `anvil_setStorageAt` is a row of
 * `chain.storageWrites` whose transaction is `NONE`.
 */
export type StateEdit =
  | { readonly kind: 'balance'; readonly block: number; readonly accountId: AccountId; readonly delta: bigint }
  | {
      readonly kind: 'code';
      readonly block: number;
      readonly accountId: AccountId;
      readonly code: Hex;
      /** The runtime code it replaced (`0x` for none). */
      readonly previous: Hex;
    }
  /** The block's time is one a client set (`evm_setNextBlockTimestamp`) or moved on (`evm_increaseTime`): off the slots' pace. */
  | { readonly kind: 'clock'; readonly block: number };

export type InternalTransactionType = 'call' | 'delegatecall' | 'staticcall' | 'create' | 'create2' | 'selfdestruct';

export interface InternalTransaction {
  readonly transaction: number;
  readonly block: number;
  /** Position of its transaction within the block. */
  readonly transactionIndex: number;
  /** Index within the transaction's call tree; 0 is the top-level call, which is not stored. */
  readonly index: number;
  readonly type: InternalTransactionType;
  readonly fromId: AccountId;
  readonly toId: AccountId;
  readonly createdId: AccountId;
  readonly value: bigint;
  readonly gasLimit: bigint;
  readonly success: boolean;
  readonly error: string | null;
}

/**
 * One authorization of a set-code transaction (EIP-7702), in chain order (by transaction, then its
 * position in the list). One that applied sets its authority's code to the delegation designator
 * of `delegateId` (the zero address's clears it) and takes the authority's nonce. Its signature is
 * the one sent (`Transaction.signed`) or, on a generated transaction, a commitment to its hash.
 */
export interface Authorization {
  readonly transaction: number;
  readonly block: number;
  /** Its position in the transaction's authorization list. */
  readonly index: number;
  /** The account that signed it; NONE when its signature recovers none. */
  readonly authorityId: AccountId;
  /** The account whose code the authority delegates to (the zero address: none). */
  readonly delegateId: AccountId;
  /** The chain it is for: 0 for any chain. */
  readonly chainId: number;
  /** The authority's nonce it names. */
  readonly nonce: bigint;
  readonly status: AuthorizationStatus;
}

/**
 * One blob of a blob transaction (EIP-4844), in chain order (by transaction, then its position in
 * the transaction's blob list). Its data is a body of the protocol's blob catalogue, whose KZG
 * commitment, proof and versioned hash follow from it (`catalogueBlob`).
 */
export interface Blob {
  readonly transaction: number;
  readonly block: number;
  /** Its position in the transaction's `blob_versioned_hashes`. */
  readonly index: number;
  /** The catalogue body it carries. */
  readonly body: number;
  /** The blob fee cap of the transaction carrying it (the same on each of its blobs). */
  readonly maxFeePerBlobGas: bigint;
}

export interface Withdrawal {
  readonly index: number;
  readonly validatorIndex: number;
  readonly receiverId: AccountId;
  /** In wei. */
  readonly amount: bigint;
  readonly block: number;
}

/** A holding shown by `/addresses/{h}/tokens`: one row per ERC-20/ERC-721 contract, per id otherwise. */
export interface Holding {
  readonly tokenId: AccountId;
  /** null for ERC-20 and ERC-721 rows. */
  readonly nftId: bigint | null;
  /** ERC-721: the number of ids held. */
  readonly value: bigint;
}

/** An NFT collection an address holds, for `/addresses/{h}/nft/collections`. */
export interface NftCollection {
  readonly tokenId: AccountId;
  /** Total units held. */
  readonly amount: bigint;
  /** Ids held, ascending, with the amount of each. */
  readonly instances: readonly { readonly id: bigint; readonly value: bigint }[];
}

/**
 * Per-address lists, each sorted ascending in chain order (the endpoints read them backwards
 * where they list newest first). Arrays hold global indexes into the chain's arrays.
 */
export interface AddressIndex {
  /** Transactions where the address is from, to or the created contract. */
  readonly transactions: Int32Array;
  readonly transactionsFrom: Int32Array;
  readonly transactionsTo: Int32Array;
  /** Token transfer logs where the address is from or to. */
  readonly tokenTransfers: Int32Array;
  readonly internalTransactions: Int32Array;
  readonly internalTransactionsFrom: Int32Array;
  readonly internalTransactionsTo: Int32Array;
  readonly withdrawals: Int32Array;
  /** Logs it emitted as a contract, in chain order, as log refs (see `src/chain/logs.ts`). */
  readonly logs: Int32Array;
  /** Consensus block heights it mined. */
  readonly minedBlocks: Int32Array;
  /** In the order of `/addresses/{h}/tokens`. */
  readonly holdings: readonly Holding[];
  /** In the order of `/addresses/{h}/nft/collections`. */
  readonly nftCollections: readonly NftCollection[];
}

export interface NftInstance {
  readonly tokenId: AccountId;
  readonly id: bigint;
  /** The receiver of its last transfer (the zero-address account if burnt). */
  readonly ownerId: AccountId;
}

export interface ScenarioSummary {
  readonly name: string;
  readonly description: string;
}

/** Seconds per slot unless the chain is built with another (`slotSeconds`, `--block-time`): a block takes one, two after a missed slot. */
export const DEFAULT_SLOT_SECONDS = 12;

/** The chain id a scenario gets unless it names one: the one dev nodes (Hardhat, Anvil) use. */
export const DEFAULT_CHAIN_ID = 31_337;

export interface Chain {
  readonly scenario: ScenarioSummary;
  readonly seed: string;
  /** What kind of chain it is: its spec (`chainSpecOf`) says its fee market, block features and transaction types. */
  readonly kind: ChainKind;
  /** What the node answers to `eth_chainId` (the scenario's `chainId`). */
  readonly chainId: number;
  /** The accounts the node signs for (the funded test accounts, then named accounts with a key), in `eth_accounts` order. */
  readonly signers: readonly Signer[];
  /** USD price of the native coin, decimal string. */
  readonly exchangeRate: string;
  readonly accounts: readonly Account[];
  /** Account ids by lower-case address. */
  readonly accountByHash: { get(lower: string): AccountId | undefined; has(lower: string): boolean };
  /** The zero address (mints come from it, burns go to it). */
  readonly zeroId: AccountId;
  /** Consensus blocks; block `h` is at position `h`. */
  readonly blocks: Table<Block>;
  /** Uncles, height ascending. */
  readonly uncles: Table<Block>;
  /** Reorged (non-consensus) blocks, height ascending. */
  readonly reorgs: Table<Block>;
  /** Every block by lower-case hash, consensus or not. */
  readonly blockByHash: { get(hash: string): Block | undefined };
  readonly transactions: Table<Transaction>;
  /** Transaction index by lower-case hash. */
  readonly transactionByHash: HashLookup;
  readonly tokenTransfers: Table<TokenTransfer>;
  readonly internalTransactions: Table<InternalTransaction>;
  readonly withdrawals: Table<Withdrawal>;
  /** The authorizations of set-code transactions (EIP-7702), in chain order. */
  readonly authorizations: Table<Authorization>;
  /** The blobs of blob transactions (EIP-4844), in chain order. */
  readonly blobs: Table<Blob>;
  /** Events other than token transfers, in chain order. */
  readonly events: Table<ContractEvent>;
  /** Storage slots executed transactions set, in chain order. */
  readonly storageWrites: Table<StorageWrite>;
  /** Balances and code clients set outside transactions (a dev node's cheat codes), in chain order. */
  readonly stateEdits: Table<StateEdit>;
  /** Per address, by account id. */
  readonly indexes: Table<AddressIndex>;
  /** Accounts with a positive balance: balance descending, then hash ascending. */
  readonly richList: Int32Array;
  /** Sum of all balances, in wei. */
  readonly totalSupply: bigint;
  /** NFT owners, keyed by `${tokenAccountId}:${id}`. */
  readonly nftOwners: ReadonlyMap<string, AccountId>;
  /** Notable entities by name: address, transaction or block hashes (or block heights as strings). */
  readonly handles: Readonly<Record<string, string>>;
  readonly headHeight: number;
}
