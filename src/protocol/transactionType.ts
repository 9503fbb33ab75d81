import type { AccessList, FeeOffer, Hex, PaidFees, SignedAuthorization } from './transaction.js';

/** A transaction's fields as every type's envelope holds them, once decoded. */
export interface DecodedEnvelope {
  /** Absent on a legacy transaction without replay protection (before EIP-155). */
  readonly chainId: number | undefined;
  readonly nonce: bigint;
  readonly gas: bigint;
  /** Null for a contract creation. */
  readonly to: Hex | null;
  readonly value: bigint;
  readonly data: Hex;
  readonly fees: FeeOffer;
  readonly accessList: AccessList;
  /** A set-code transaction's authorizations (EIP-7702); empty for every other type. */
  readonly authorizationList: readonly SignedAuthorization[];
  /** A blob transaction's blobs (EIP-4844): their versioned hashes, its blob fee cap, and whether the bytes carry their sidecar. */
  readonly blobs?: BlobFields & { readonly sidecar: boolean };
  /** Absent when the bytes carry no signature. */
  readonly signature: { readonly r: bigint; readonly s: bigint; readonly yParity: number } | undefined;
  /** The legacy `v` as sent (EIP-155's, or 27/28). */
  readonly v: bigint | undefined;
  /** What the sender signed: the hash its signature is over. */
  readonly signPayload: Hex;
}

/** What a node fills in to sign a transaction for one of its accounts. */
export interface UnsignedFields {
  readonly chainId: number;
  readonly to: Hex | null;
  readonly nonce: number;
  readonly value: bigint;
  readonly gas: number;
  readonly data: Hex;
  readonly fees: FeeOffer;
  readonly accessList: AccessList;
  /** A set-code transaction's signed authorizations (EIP-7702). */
  readonly authorizationList?: readonly SignedAuthorization[];
  /** A blob transaction's versioned hashes and blob fee cap (EIP-4844). */
  readonly blobs?: BlobFields;
}

/** What a blob transaction adds to its fields (EIP-4844). */
export interface BlobFields {
  readonly versionedHashes: readonly Hex[];
  readonly maxFeePerBlobGas: bigint;
}

/**
 * One transaction type (EIP-2718), everything the ledger, the node and the APIs need to know of
 * it: its envelope, its fields, its fee rule and what admits it. The registry
 * (`transactionTypes.ts`) lists every type; code asks a type's descriptor instead of comparing
 * type numbers.
 */
export interface TransactionType<Id extends number = number, Name extends string = string> {
  /** The type number: the envelope's first byte (0 for legacy, which has none). */
  readonly id: Id;
  /** ox's name for its envelope. */
  readonly name: Name;
  /** How people name it ('EIP-1559'). */
  readonly title: string;
  /** A typed envelope (EIP-2718): its `v` is the y parity and nodes show `yParity`; else EIP-155's `v`. */
  readonly typed: boolean;
  /** It offers a fee cap and a tip (EIP-1559's fee market) rather than one gas price. */
  readonly feeMarket: boolean;
  /** It carries an access list (EIP-2930). */
  readonly accessList: boolean;
  /** It carries authorizations that set the code of their authorities (EIP-7702). */
  readonly setsCode: boolean;
  /** It carries blobs, paid for at the blob base fee (EIP-4844). */
  readonly carriesBlobs: boolean;
  /** What a node refuses in its fields before anything else, in geth's words; undefined when nothing. */
  readonly fieldProblem: (fees: FeeOffer) => string | undefined;
}

/**
 * How a type's envelope is read and signed (with ox): apart from its descriptor, so that only code
 * that decodes or signs transactions (the node) loads ox's envelopes and curves
 * (`transactionCodecs.ts` holds one per registered type).
 */
export interface TransactionCodec {
  /** Its signed bytes decoded (throws ox's error when they do not decode). */
  readonly decode: (raw: Hex) => DecodedEnvelope;
  /** The signed bytes of these fields under `privateKey`. */
  readonly sign: (fields: UnsignedFields, privateKey: Hex) => Hex;
}

/** What a transaction of `type` offering `offer` pays in a block with `baseFee`: its tip over the base fee, capped by its fee cap (EIP-1559), or its gas price. */
export function paidFees(type: TransactionType, offer: FeeOffer, baseFee: bigint): PaidFees {
  if (!type.feeMarket) return { gasPrice: offer.maxFeePerGas, maxFeePerGas: null, maxPriorityFeePerGas: null };
  return {
    gasPrice: effectiveGasPrice(baseFee, offer.maxFeePerGas, offer.maxPriorityFeePerGas),
    maxFeePerGas: offer.maxFeePerGas,
    maxPriorityFeePerGas: offer.maxPriorityFeePerGas,
  };
}

/** What a fee-market transaction pays per gas: the base fee plus its tip, capped by its fee cap (EIP-1559). */
export const effectiveGasPrice = (baseFee: bigint, maxFeePerGas: bigint, maxPriorityFeePerGas: bigint): bigint =>
  maxFeePerGas < baseFee + maxPriorityFeePerGas ? maxFeePerGas : baseFee + maxPriorityFeePerGas;

/** The price per gas a transaction offers before it is mined: its fee cap, or its gas price. */
export const offeredPrice = (fees: PaidFees): bigint => fees.maxFeePerGas ?? fees.gasPrice;

/** The most a transaction can cost its sender: its value and its gas at its fee cap (or gas price). */
export const maxCost = (tx: {
  readonly value: bigint;
  readonly gasLimit: number;
  readonly maxFeePerGas: bigint;
}): bigint => tx.value + BigInt(tx.gasLimit) * tx.maxFeePerGas;

/** The tip above the fee cap: what every fee-market type refuses (geth's `ErrTipAboveFeeCap`). */
export const tipAboveFeeCap = (fees: FeeOffer): string | undefined =>
  fees.maxPriorityFeePerGas > fees.maxFeePerGas ? 'max priority fee per gas higher than max fee per gas' : undefined;
