/** The block being filled: its header values and running totals. */
export interface BlockContext {
  readonly height: number;
  readonly timestamp: number;
  readonly minerId: number;
  readonly baseFee: bigint;
  /** The most a transaction may cost per gas in this block (what a sender must be able to pay). */
  readonly maxFeeCap: bigint;
  readonly gasLimit: number;
  readonly transactionStart: number;
  gasUsed: number;
  priorityFee: bigint;
  transactionFees: bigint;
  logIndex: number;
  /** Sum of the encoded sizes of its transactions, in bytes (an estimate). */
  size: number;
  /** The block's excess blob gas and the blob base fee it sets (EIP-4844); the fee null where the chain has no blobs. */
  readonly excessBlobGas: number;
  readonly blobBaseFee: bigint | null;
  /** Blob gas its blob transactions used so far. */
  blobGasUsed: number;
}

export const GWEI = 1_000_000_000n;
export const ETHER = 10n ** 18n;

/** The most a transaction may cost per gas in a block with this base fee. */
export const maxFeeCapFor = (baseFee: bigint): bigint => 2n * baseFee + 3n * GWEI;
