/**
 * The parts of a transaction the protocol defines, shared by the ledger, the node and every API:
 * what a client signs and sends, and what only its signed form holds.
 */
export type Hex = `0x${string}`;

/** An EIP-2930 access list (lower-case addresses and keys). */
export type AccessList = readonly { readonly address: Hex; readonly storageKeys: readonly Hex[] }[];

/**
 * An EIP-7702 authorization as its authority signed it: the chain it is for (0: any chain), the
 * address whose code the authority takes, the authority's nonce, and the signature.
 */
export interface SignedAuthorization {
  readonly chainId: number;
  /** Lower-case. */
  readonly address: Hex;
  readonly nonce: bigint;
  readonly yParity: number;
  readonly r: bigint;
  readonly s: bigint;
}

/** An authorization of a sent transaction with its authority recovered: null when its signature recovers none. */
export interface RecoveredAuthorization extends SignedAuthorization {
  readonly authority: string | null;
}

/** The parts of a sent transaction only its signed form holds. */
export interface SignedFields {
  /** The call data as sent (a generated transaction's is the encoding of its `call`). */
  readonly input: Hex;
  readonly accessList: AccessList;
  /** A set-code transaction's authorizations (EIP-7702), their authorities recovered. */
  readonly authorizationList?: readonly RecoveredAuthorization[];
  readonly r: bigint;
  readonly s: bigint;
  readonly yParity: 0 | 1;
  /** The legacy `v` (chainId * 2 + 35 + yParity), or yParity on typed transactions. */
  readonly v: bigint;
}

/**
 * What a transaction offers to pay per gas: a fee cap and a tip (EIP-1559), or one gas price (then
 * both are that price).
 */
export interface FeeOffer {
  /** The gas price (a type without a fee market), or the fee cap. */
  readonly maxFeePerGas: bigint;
  /** The tip; the gas price for a type without a fee market. */
  readonly maxPriorityFeePerGas: bigint;
}

/** What a mined transaction paid per gas, as the ledger records it. */
export interface PaidFees {
  /** The effective gas price. */
  readonly gasPrice: bigint;
  /** The fee cap and tip it offered; null for a type without a fee market. */
  readonly maxFeePerGas: bigint | null;
  readonly maxPriorityFeePerGas: bigint | null;
}
