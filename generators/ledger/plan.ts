import type {
  SignedFields,
  Action,
  Call,
  ContractKind,
  CustomCode,
  Hex,
  InternalTransactionType,
  RawLog,
  Token,
  Verification,
} from '../../src/chain/types.js';
import type { TransactionTypeId } from '../../src/protocol/transactionTypes.js';

/** A contract to create, by a transaction or by an internal create/create2. */
export interface CreateSpec {
  readonly kind: ContractKind;
  readonly name: string;
  readonly verification: Verification;
  readonly constructorArgs: readonly unknown[];
  /** The token it is, for token contracts (supply and holders follow from the transfers). */
  readonly token?: Pick<
    Token,
    'type' | 'name' | 'symbol' | 'decimals' | 'exchangeRate' | 'iconUrl' | 'metadata' | 'unanswered' | 'unpriced'
  >;
  readonly implementationId?: number;
  /** create2 salt (internal create2 only). */
  readonly salt?: Hex;
  /** Contracts deployed with the same bytecode label have identical bytecode. */
  readonly bytecodeLabel?: string;
  /** Name under which `chain.handles` lists the new address. */
  readonly handle?: string;
  /** A scenario's own code (kind `custom`), or the code a creation the EVM ran deployed. */
  readonly custom?: CustomCode | null;
  /** Where the EVM created it (else the ledger derives the address from the creator). */
  readonly address?: Hex;
}

/** Stands for the contract the transaction itself creates, where its id is not known yet. */
export const CREATED = -2;

export interface TransferSpec {
  /** The token contract (or CREATED). */
  readonly tokenId: number;
  readonly fromId: number;
  readonly toId: number;
  readonly tokenIds: readonly bigint[] | null;
  readonly amounts: readonly bigint[];
}

export interface InternalSpec {
  readonly type: InternalTransactionType;
  readonly fromId: number;
  /** The callee; absent on creates. */
  readonly toId?: number;
  readonly create?: CreateSpec;
  readonly value: bigint;
  readonly gasLimit: bigint;
  /** Set when the call failed (its value does not move). */
  readonly error?: string;
  /** A selfdestruct that leaves the code (EIP-6780: of a contract not created in the same transaction). */
  readonly keepsCode?: boolean;
}

/** One authorization a set-code transaction carries (EIP-7702): the ledger decides whether it applies. */
export interface AuthorizationSpec {
  /** Its signer; NONE when its signature recovers none. */
  readonly authorityId: number;
  /** The account whose code the authority takes (the zero address's: none). */
  readonly delegateId: number;
  /** 0 for any chain. */
  readonly chainId: number;
  readonly nonce: bigint;
}

/** The blobs a blob transaction carries (EIP-4844). */
export interface BlobSpec {
  /** Catalogue bodies (`blobBody`), one a blob. */
  readonly bodies: readonly number[];
  readonly maxFeePerBlobGas: bigint;
}

/**
 * What one transaction does, decided by a generator from the current state. `applyTransaction`
 * charges its fee, moves its value and tokens, and records it.
 */
export interface TxPlan {
  readonly fromId: number;
  /** The callee; absent on contract creations. */
  readonly toId?: number;
  readonly create?: CreateSpec;
  readonly value: bigint;
  readonly gasUsed: number;
  readonly gasLimit: number;
  readonly call: Call | null;
  /** Present when the transaction reverts: nothing moves but the fee. */
  readonly revertReason?: string;
  /** Events other than token transfers emitted by the callee, before the transfers. */
  readonly events?: number;
  /** The events themselves, where a scenario scripts them (else the call's rule in eventsOf gives them). */
  readonly emitted?: readonly {
    readonly contractKind: ContractKind;
    readonly name: string;
    readonly args: readonly unknown[];
  }[];
  readonly transfers?: readonly TransferSpec[];
  readonly internals?: readonly InternalSpec[];
  readonly actions?: readonly Action[];
  /** A set-code transaction's authorizations (EIP-7702), applied after its sender's nonce is taken. */
  readonly authorizations?: readonly AuthorizationSpec[];
  /** A blob transaction's blobs (EIP-4844): the catalogue bodies they carry, and its blob fee cap. */
  readonly blobs?: BlobSpec;
  /** Its transaction type (default: the chain's usual one, EIP-1559). */
  readonly type?: TransactionTypeId;
  readonly tag?: string;
  /** Name under which `chain.handles` lists the transaction's hash. */
  readonly handle?: string;
  /** Bookkeeping outside the ledger (who deposited what), run once the transaction is applied. */
  readonly onApplied?: () => void;
  /** A transaction a client sent and signed: its own hash, type, fees and signature. */
  readonly sent?: SentPart;
  /** What the EVM did running it, beyond the fields above (its logs then replace `events` and `transfers`). */
  readonly executed?: ExecutedEffects;
}

/** One log an executed transaction emitted, in emission order. */
export type PlannedLog =
  /** A token's transfer log (`Transfer`, `TransferSingle`, `TransferBatch`). */
  | { readonly transfer: TransferSpec }
  /** An event of a contract whose ABI the ledger knows (a catalogue token's `Approval`). */
  | {
      readonly emitterId: number;
      readonly event: { readonly contractKind: ContractKind; readonly name: string; readonly args: readonly unknown[] };
    }
  /** Any other log, as emitted. */
  | { readonly emitterId: number; readonly raw: RawLog };

/** What the EVM did beyond moving value and creating contracts: its logs, storage and the tokens it made. */
export interface ExecutedEffects {
  readonly logs: readonly PlannedLog[];
  /** The value each slot it set holds after it, by account. */
  readonly storage: readonly { readonly accountId: number; readonly slot: Hex; readonly value: Hex }[];
  /** Contracts that are tokens from this transaction on (their first transfer log), registered before its logs. */
  readonly tokens: readonly { readonly accountId: number; readonly token: NonNullable<CreateSpec['token']> }[];
  /** ERC-20 allowances it left (`owner:spender`, lower-case), where a catalogue token spent or set one. */
  readonly allowances: readonly { readonly tokenId: number; readonly key: string; readonly value: bigint }[];
}

/** What a sent transaction fixes itself, where a generated one draws it. */
export interface SentPart {
  readonly hash: Hex;
  readonly type: TransactionTypeId;
  /** The gas price (a type without a fee market), or the fee cap. */
  readonly maxFeePerGas: bigint;
  /** The tip; the gas price for a type without a fee market. */
  readonly maxPriorityFeePerGas: bigint;
  readonly signed: SignedFields;
}
