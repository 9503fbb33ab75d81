import { blobJson, transactionBlobsJson } from '../../views/blob.js';
import type { EndpointHandler } from '../endpoint.js';
import { notFound, invalidParameter } from '../errors.js';
import { transactionOf } from './transaction.js';

const VERSIONED_HASH = /^0x[0-9a-fA-F]{64}$/;

/** `/transactions/{hash}/blobs`: a blob transaction's blobs (EIP-4844) with their data, commitments and proofs; none for another type. */
export const transactionBlobs: EndpointHandler = (ctx, [raw]) => ({
  status: 200,
  body: transactionBlobsJson(ctx, transactionOf(ctx, raw!)),
});

/** `/blobs/{versioned hash}`: the blob and the transactions that carry it; 404 when none does. */
export const blob: EndpointHandler = (ctx, [raw]) => {
  if (!VERSIONED_HASH.test(raw!))
    throw invalidParameter('/blob_hash_param', 'Invalid format. Expected ~r/^0x([A-Fa-f0-9]{64})$/');
  const body = blobJson(ctx, raw!.toLowerCase());
  if (body === undefined) throw notFound();
  return { status: 200, body };
};
