import { type BlobSchedule, PRAGUE_BLOBS } from './blobGas.js';
import { TRANSACTION_TYPES, type TransactionTypeId } from './transactionTypes.js';

/** The values of a parent block the next block's base fee follows from. */
export interface BaseFeeParent {
  readonly baseFeePerGas: bigint;
  readonly gasUsed: number;
  readonly gasLimit: number;
}

/**
 * What kind of chain a ledger is, as viem's `defineChain` describes one: its fee market, the block
 * features it has, and the transaction types it takes. The chain builder's phases and the APIs
 * ask it instead of assuming an Ethereum L1.
 */
export interface ChainSpec {
  /** The chain's kind (a key of `CHAIN_SPECS`). */
  readonly kind: string;
  readonly feeMarket: {
    /** The genesis block's base fee, in wei. */
    readonly initialBaseFee: bigint;
    /** The base fee of the block after `parent`. */
    readonly nextBaseFee: (parent: BaseFeeParent) => bigint;
    /** Blob gas (EIP-4844): the blobs a block targets and takes, and how its blob base fee moves; absent where the chain has no blobs. */
    readonly blobs?: BlobSchedule;
  };
  /** The block features the chain has. */
  readonly features: {
    /** Ommer blocks beside the canonical ones, and their rewards. */
    readonly uncles: boolean;
    /** Blocks that lost a race and are kept as reorged. */
    readonly reorgs: boolean;
    /** Beacon-chain withdrawals credited in blocks (EIP-4895). */
    readonly withdrawals: boolean;
    /** Validator deposits to the beacon chain's deposit contract, read from its logs (EIP-6110). */
    readonly beaconDeposits: boolean;
    /** Blocks carry a proof-of-work nonce and difficulty (else both are zero, as after the Merge). */
    readonly proofOfWork: boolean;
  };
  /** The transaction types the chain's node takes (every other is refused: `transaction type not supported`). */
  readonly transactionTypes: readonly TransactionTypeId[];
}

/** EIP-1559's elasticity multiplier and base-fee change denominator. */
const ELASTICITY = 2;
const CHANGE_DENOMINATOR = 8n;

/** The base fee of the block after a parent with these values (EIP-1559). */
export function nextBaseFee(parent: BaseFeeParent): bigint {
  const target = BigInt(Math.floor(parent.gasLimit / ELASTICITY));
  const used = BigInt(parent.gasUsed);
  const fee = parent.baseFeePerGas;
  if (used === target) return fee;
  if (used > target) {
    const delta = (fee * (used - target)) / target / CHANGE_DENOMINATOR;
    return fee + (delta > 1n ? delta : 1n);
  }
  return fee - (fee * (target - used)) / target / CHANGE_DENOMINATOR;
}

/** An Ethereum L1 as the mock has always built it: EIP-1559's fee market with Prague's blob schedule, uncles, reorgs, beacon withdrawals and deposits. */
export const ETHEREUM = {
  kind: 'ethereum',
  feeMarket: { initialBaseFee: 1_000_000_000n, nextBaseFee, blobs: PRAGUE_BLOBS },
  features: { uncles: true, reorgs: true, withdrawals: true, beaconDeposits: true, proofOfWork: true },
  transactionTypes: TRANSACTION_TYPES.map((t) => t.id),
} as const satisfies ChainSpec;

/** Every kind of chain the mock builds, by kind. */
export const CHAIN_SPECS = { ethereum: ETHEREUM } as const satisfies Record<string, ChainSpec>;

/** A kind of chain the mock builds. */
export type ChainKind = keyof typeof CHAIN_SPECS;

/** The spec of a chain (or of a kind). */
export const chainSpecOf = (chain: { readonly kind: ChainKind }): ChainSpec => CHAIN_SPECS[chain.kind];
