import type { Abi } from 'abitype';
import type { BlobTransactionFacts } from '../domain/blobs.js';
import type { Facts } from '../domain/facts.js';
import type { PendingOffer } from '../domain/pendingOffer.js';
import type { Account, Block, Token, TokenMetadataField, TokenTransfer, TokenType } from '../chain/types.js';
import type * as S from '../schemas/index.js';
import type { Profile } from '../schemas/profile.js';
import type {
  AddressForm,
  BlockForm,
  CollectionInstanceForm,
  InternalTransactionForm,
  Ref,
  Shape,
  TokenInstanceForm,
  TokenOut,
  TokenTransferForm,
  TransactionForm,
  WithdrawalForm,
} from './shapes.js';

/** An authorization of a set-code transaction (EIP-7702), as the profiles that show one need it. */
export interface AuthorizationFacts {
  /** Checksummed: the address whose code the authority takes. */
  readonly address: string;
  /** Checksummed; null when its signature recovers none. */
  readonly authority: string | null;
  readonly chainId: number;
  readonly nonce: bigint;
  readonly yParity: number;
  readonly r: bigint;
  readonly s: bigint;
  readonly status: 'ok' | 'invalid_chain_id' | 'invalid_signature' | 'invalid_nonce';
}

/** What a transaction holds beyond the spec's fields, for the profiles that show it. */
export interface TransactionExtras {
  /** The `transaction_types` its own type adds (Blockscout's `set_code_transaction` for type 4). */
  readonly typeKinds: readonly ('set_code_transaction' | 'blob_transaction')[];
  readonly authorizations: readonly AuthorizationFacts[];
  /** A blob transaction's blob fields (EIP-4844); null for every other type. */
  readonly blobs: BlobTransactionFacts | null;
}

/** What a block holds beyond the spec's fields: its blob figures (EIP-4844) and beacon deposits, where the chain is an Ethereum explorer's (it has blobs). */
export interface BlockExtras {
  readonly blobs: {
    readonly transactions: number;
    /** The blob gas price of its blob transactions; null when it has none. */
    readonly gasPrice: bigint | null;
    readonly burntFees: bigint;
    /** Its beacon deposits (EIP-6110), which the explorer's same extension counts in the detail. */
    readonly beaconDeposits: number;
  } | null;
}

/** One entry of a 422 body's `errors` array. */
export interface ValidationIssue {
  readonly title: string;
  readonly source: { readonly pointer: string };
  readonly detail: string;
}

/**
 * How profile `P` answers: each function takes a resource in the spec's form (holding `P`'s own
 * embedded objects) and gives `P`'s shape. Chosen once, when a view context is made; views call
 * it and never ask which profile runs.
 */
export interface ProfileFormat<P extends Profile> {
  readonly profile: P;
  addressRef(facts: Facts, account: Account, form: S.AddressRef): Ref<P>;
  address(ref: Ref<P>, form: AddressForm<P>): Shape<P, 'address'>;
  addressListItem(
    ref: Ref<P>,
    form: AddressForm<P> & { coin_balance: string; transactions_count: string },
  ): Shape<P, 'addressListItem'>;
  /** The detail of an address the chain has never seen. */
  unknownAddress(form: S.Address): Shape<P, 'address'>;
  /** `token`: the entity (whether a market prices it); `unanswered`: the metadata views its code does not answer (`unansweredOf`). */
  token(form: S.Token, token: Token, unanswered: readonly TokenMetadataField[]): TokenOut<P>;
  transactionItem(form: TransactionForm<P>, extras: TransactionExtras): Shape<P, 'transaction'>;
  transactionDetail(form: TransactionForm<P>, extras: TransactionExtras): Shape<P, 'transactionDetail'>;
  /** A transaction not mined yet, from its mined form: no status, block, fees paid or token transfers. */
  /** A pending transaction from its mined form and what it offers (`result`: a losing competitor's `dropped/replaced` once its rival is mined). */
  pendingItem(
    mined: Shape<P, 'transaction'>,
    offer: PendingOffer,
    result: 'pending' | 'dropped/replaced',
  ): Shape<P, 'pendingTransaction'>;
  pendingDetail(
    mined: Shape<P, 'transactionDetail'>,
    offer: PendingOffer,
    result: 'pending' | 'dropped/replaced',
  ): Shape<P, 'pendingTransactionDetail'>;
  tokenTransfer(
    form: TokenTransferForm<P>,
    transfer: TokenTransfer,
    k: number,
    type: TokenType,
    /** The NFT's instance (for NFT transfers), made only by profiles that show it. */
    instance: () => Shape<P, 'tokenInstance'> | null,
  ): Shape<P, 'tokenTransfer'>;
  blockItem(form: BlockForm<P>, block: Block, extras: BlockExtras): Shape<P, 'block'>;
  blockDetail(
    form: BlockForm<P>,
    block: Block,
    internalTransactionsCount: number,
    extras: BlockExtras,
  ): Shape<P, 'blockDetail'>;
  internalTransaction(form: InternalTransactionForm<P>, transactionIndex: number): Shape<P, 'internalTransaction'>;
  blockWithdrawal(form: WithdrawalForm<P>): Shape<P, 'blockWithdrawal'>;
  /** `abi`: the verified record's ABI (the spec's form holds it as text). */
  smartContract(facts: Facts, account: Account, form: S.SmartContract, abi: Abi | null): Shape<P, 'smartContract'>;
  /** `/smart-contracts/{h}` of an EOA delegated by EIP-7702 (its code is the designator), or null for a 404. */
  delegatedSmartContract(facts: Facts, account: Account): Shape<P, 'smartContract'> | null;
  tokenInstance(form: TokenInstanceForm<P>): Shape<P, 'tokenInstance'>;
  collectionInstance(form: CollectionInstanceForm<P>): Shape<P, 'collectionInstance'>;
  /** A 422's body. */
  validationError(message: string, errors: readonly ValidationIssue[]): unknown;
  /** Whether an address's transaction list starts with its pending transactions (the explorer sorts them first). */
  readonly pendingFirstInAddressLists: boolean;
  /** Whether a call it cannot decode shows its selector as its `method` (`views/shownMethod.ts`), rather than null. */
  readonly selectorForUndecodedMethod: boolean;
}
