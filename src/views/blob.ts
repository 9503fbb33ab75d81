import { type BlobFacts, blobByVersionedHash, blobFactsOf, blobsOf } from '../domain/blobs.js';
import { cachedJson, type ViewContext } from './context.js';

/** A blob as the explorer's blob view renders it (`blob_view.ex` prepare_blob): both profiles alike. */
const blobOut = (blob: BlobFacts) => ({
  hash: blob.hash,
  blob_data: blob.data,
  kzg_commitment: blob.commitment,
  kzg_proof: blob.proof,
});

/** The JSON of `/transactions/{hash}/blobs`: its blobs in its list's order, one page (none for a transaction without blobs). */
export const transactionBlobsJson = (ctx: ViewContext, index: number): string =>
  cachedJson(ctx, `tx-blobs:${index}`, () => ({
    items: blobsOf(ctx.chain, index).map((b) => blobOut(blobFactsOf(b.body))),
    next_page_params: null,
  }));

/** The JSON of `/blobs/{hash}`: the blob and the transactions carrying it; undefined when no transaction carries it. */
export function blobJson(ctx: ViewContext, hash: string): string | undefined {
  const found = blobByVersionedHash(ctx.facts, hash);
  if (!found) return undefined;
  return cachedJson(ctx, `blob:${found.blob.hash}`, () => ({
    ...blobOut(found.blob),
    transaction_hashes: found.transactions.map((t) => ({
      block_consensus: true,
      transaction_hash: ctx.chain.transactions.at(t)!.hash,
    })),
  }));
}
