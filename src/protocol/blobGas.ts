/** Blob gas per blob (EIP-4844's GAS_PER_BLOB). */
export const GAS_PER_BLOB = 131_072;

/** How many blobs a block targets and takes at most, and how fast the blob base fee moves (a fork's blob schedule). */
export interface BlobSchedule {
  readonly target: number;
  readonly max: number;
  readonly updateFraction: bigint;
  /** The genesis block's excess blob gas. */
  readonly initialExcess: number;
}

/**
 * Prague's schedule (EIP-7691): 6 blobs targeted, 9 at most. The chain starts in a spell of blob
 * demand (excess blob gas 100,000,000: a blob base fee of about 0.47 gwei) that drains by the
 * rule while blocks carry fewer blobs than the target.
 */
export const PRAGUE_BLOBS: BlobSchedule = { target: 6, max: 9, updateFraction: 5_007_716n, initialExcess: 100_000_000 };

/** The least a blob gas unit costs (EIP-4844's MIN_BASE_FEE_PER_BLOB_GAS). */
const MIN_BLOB_BASE_FEE = 1n;

/** The values of a parent block the next block's excess blob gas follows from. */
export interface BlobGasParent {
  readonly blobGasUsed: number;
  readonly excessBlobGas: number;
}

/** The excess blob gas of the block after `parent` (EIP-4844): what it used above the target, carried over. */
export function nextExcessBlobGas(parent: BlobGasParent, schedule: BlobSchedule): number {
  const total = parent.excessBlobGas + parent.blobGasUsed;
  const target = schedule.target * GAS_PER_BLOB;
  return total < target ? 0 : total - target;
}

/** EIP-4844's fake_exponential: factor · e^(numerator / denominator), in integers. */
function fakeExponential(factor: bigint, numerator: bigint, denominator: bigint): bigint {
  let i = 1n;
  let output = 0n;
  let accumulator = factor * denominator;
  while (accumulator > 0n) {
    output += accumulator;
    accumulator = (accumulator * numerator) / (denominator * i);
    i++;
  }
  return output / denominator;
}

/** The price of a unit of blob gas in a block with this excess blob gas (EIP-4844). */
export const blobBaseFee = (excessBlobGas: number, schedule: BlobSchedule): bigint =>
  fakeExponential(MIN_BLOB_BASE_FEE, BigInt(excessBlobGas), schedule.updateFraction);
