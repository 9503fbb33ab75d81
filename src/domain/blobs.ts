import { firstWhere } from '../chain/search.js';
import { fieldOf } from '../chain/table.js';
import type { Blob, Block, Chain, Hex } from '../chain/types.js';
import { blobBaseFee, GAS_PER_BLOB } from '../protocol/blobGas.js';
import { chainSpecOf } from '../protocol/chainSpec.js';
import type { Facts } from './facts.js';
import { lazyModules } from './lazyModules.js';

/** The blob catalogue (loaded with the first blob a view shows). */
const catalogue = () => lazyModules.blobData.get();

/** The rows of `chain.blobs` of one transaction: `[start, end)`. */
export const blobRangeOf = (chain: Chain, transaction: number): readonly [number, number] =>
  blobRowsOf(chain, transaction, transaction + 1);

/** The rows of `chain.blobs` of the transactions `first` … `end` − 1: `[start, end)`, read from the column where the table has one. */
function blobRowsOf(chain: Chain, first: number, end: number): readonly [number, number] {
  const length = chain.blobs.length;
  if (length === 0) return [0, 0];
  const transactionOf = fieldOf(chain.blobs, 'transaction');
  return [firstWhere(length, (i) => transactionOf(i) >= first), firstWhere(length, (i) => transactionOf(i) >= end)];
}

/** A transaction's blobs (EIP-4844), in its list's order; empty for every other type. */
export function blobsOf(chain: Chain, transaction: number): Blob[] {
  const [start, end] = blobRangeOf(chain, transaction);
  const list: Blob[] = [];
  for (let i = start; i < end; i++) list.push(chain.blobs.at(i)!);
  return list;
}

/** Whether the chain has blobs (its chain spec's fee market prices blob gas). */
export const hasBlobs = (chain: Chain): boolean => chainSpecOf(chain).feeMarket.blobs !== undefined;

/** The price of a unit of blob gas in `block` (EIP-4844); null where the chain has no blobs. */
export function blobGasPriceOf(chain: Chain, block: Pick<Block, 'excessBlobGas'>): bigint | null {
  const schedule = chainSpecOf(chain).feeMarket.blobs;
  return schedule ? blobBaseFee(block.excessBlobGas, schedule) : null;
}

/** What a blob transaction adds (EIP-4844): its versioned hashes, blob gas, blob gas price, fee cap and burnt blob fee. */
export interface BlobTransactionFacts {
  readonly versionedHashes: readonly Hex[];
  readonly blobGasUsed: bigint;
  readonly blobGasPrice: bigint;
  readonly maxFeePerBlobGas: bigint;
  readonly burntBlobFee: bigint;
}

/** A blob transaction's blob facts; null for a transaction that carries no blobs. */
export function blobTransactionOf(chain: Chain, transaction: number): BlobTransactionFacts | null {
  const blobs = blobsOf(chain, transaction);
  if (!blobs.length) return null;
  const block = chain.blocks.at(blobs[0]!.block)!;
  const blobGasUsed = BigInt(blobs.length * GAS_PER_BLOB);
  const blobGasPrice = blobGasPriceOf(chain, block) ?? 0n;
  return {
    versionedHashes: blobs.map((b) => catalogue().catalogueBlob(b.body).versionedHash),
    blobGasUsed,
    blobGasPrice,
    maxFeePerBlobGas: blobs[0]!.maxFeePerBlobGas,
    burntBlobFee: blobGasUsed * blobGasPrice,
  };
}

/** A block's blob figures: its blob transactions, and the blob fees they burnt. */
export function blockBlobsOf(chain: Chain, block: Block): { transactions: number; burntFees: bigint } {
  const [start, end] = blobRowsOf(chain, block.transactionStart, block.transactionStart + block.transactionCount);
  const transactionOf = fieldOf(chain.blobs, 'transaction');
  let transactions = 0;
  for (let i = start; i < end; i++) if (i === start || transactionOf(i) !== transactionOf(i - 1)) transactions++;
  const price = blobGasPriceOf(chain, block) ?? 0n;
  return { transactions, burntFees: BigInt(block.blobGasUsed) * price };
}

/** One blob as the explorer shows it: its versioned hash, data, KZG commitment and proof. */
export interface BlobFacts {
  readonly hash: Hex;
  readonly data: Hex;
  readonly commitment: Hex;
  readonly proof: Hex;
}

/** The blob of catalogue body `body`. */
export function blobFactsOf(body: number): BlobFacts {
  const { versionedHash, commitment, proof } = catalogue().catalogueBlob(body);
  return {
    hash: versionedHash,
    data: `0x${Buffer.from(catalogue().blobBody(body)).toString('hex')}`,
    commitment,
    proof,
  };
}

/** Per catalogue body, the transactions that carry it, in chain order (made once per chain). */
function carriersByBody(facts: Facts): ReadonlyMap<number, readonly number[]> {
  return facts.memo.get('blob-carriers', () => {
    const byBody = new Map<number, number[]>();
    for (let i = 0; i < facts.chain.blobs.length; i++) {
      const b = facts.chain.blobs.at(i)!;
      const list = byBody.get(b.body);
      if (!list) byBody.set(b.body, [b.transaction]);
      else if (list.at(-1) !== b.transaction) list.push(b.transaction);
    }
    return byBody;
  });
}

/** The blob a versioned hash names and the transactions carrying it; undefined when no transaction of the chain carries it. */
export function blobByVersionedHash(
  facts: Facts,
  hash: string,
): { readonly blob: BlobFacts; readonly transactions: readonly number[] } | undefined {
  const body = catalogue().bodyOfVersionedHash(hash as Hex);
  if (body === undefined) return undefined;
  const transactions = carriersByBody(facts).get(body);
  return transactions ? { blob: blobFactsOf(body), transactions } : undefined;
}

/** The blob transactions of the chain, in chain order (made once per chain). */
export function blobTransactionList(facts: Facts): Int32Array {
  return facts.memo.get('blob-transactions', () => {
    const list: number[] = [];
    for (let i = 0; i < facts.chain.blobs.length; i++) {
      const t = facts.chain.blobs.at(i)!.transaction;
      if (list.at(-1) !== t) list.push(t);
    }
    return Int32Array.from(list);
  });
}
