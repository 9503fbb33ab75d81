import { createHash } from 'node:crypto';
import { BLOB_CATALOGUE } from './blobCatalogue.js';
import type { Hex } from './transaction.js';

/** Field elements in a blob, and bytes in each (EIP-4844). */
export const FIELD_ELEMENTS_PER_BLOB = 4096;
export const BYTES_PER_FIELD_ELEMENT = 32;
export const BYTES_PER_BLOB = FIELD_ELEMENTS_PER_BLOB * BYTES_PER_FIELD_ELEMENT;

/** The version byte of a KZG commitment's versioned hash (EIP-4844's VERSIONED_HASH_VERSION_KZG). */
const VERSIONED_HASH_VERSION_KZG = 0x01;

/** How many blob bodies the catalogue holds: a chain's blobs take them in turn from a seeded start. */
export const BLOB_BODIES = BLOB_CATALOGUE.length;

/**
 * Body `n` of the catalogue: a rollup batch's worth of data, its first field elements filled
 * (each a 0 byte, so it stays below the field's modulus, then 31 bytes of SHA-256 of its place)
 * and the rest zero, as a batch that does not fill its blob leaves it.
 */
export function blobBody(n: number): Uint8Array {
  const bytes = new Uint8Array(BYTES_PER_BLOB);
  const filled = 1024 + ((n * 397) % (FIELD_ELEMENTS_PER_BLOB - 1024));
  for (let j = 0; j < filled; j++) {
    const digest = createHash('sha256').update(`explorer-mock blob ${n}:${j}`).digest();
    bytes.set(digest.subarray(0, 31), j * BYTES_PER_FIELD_ELEMENT + 1);
  }
  return bytes;
}

/** A KZG commitment's versioned hash (EIP-4844's kzg_to_versioned_hash): its SHA-256, the first byte the version. */
export function versionedHashOf(commitment: Hex): Hex {
  const digest = createHash('sha256')
    .update(Buffer.from(commitment.slice(2), 'hex'))
    .digest();
  digest[0] = VERSIONED_HASH_VERSION_KZG;
  return `0x${digest.toString('hex')}`;
}

/** What the catalogue holds of body `n`: its KZG commitment and blob proof (computed once by `scripts/blobCatalogue.ts`), and its versioned hash. */
export interface CatalogueBlob {
  readonly commitment: Hex;
  readonly proof: Hex;
  readonly versionedHash: Hex;
}

const catalogue: (CatalogueBlob | undefined)[] = [];

/** Body `n`'s commitment, proof and versioned hash. */
export function catalogueBlob(n: number): CatalogueBlob {
  const known = catalogue[n];
  if (known) return known;
  const entry = BLOB_CATALOGUE[n];
  if (!entry) throw new RangeError(`no blob body ${n} in the catalogue`);
  const commitment = `0x${entry.slice(0, 96)}` as Hex;
  const blob = { commitment, proof: `0x${entry.slice(96)}` as Hex, versionedHash: versionedHashOf(commitment) };
  catalogue[n] = blob;
  return blob;
}

/** The catalogue body a versioned hash names, or undefined. */
export function bodyOfVersionedHash(hash: Hex): number | undefined {
  return versionedHashIndex().get(hash.toLowerCase());
}

let index: Map<string, number> | null = null;
const versionedHashIndex = (): Map<string, number> => {
  if (!index) {
    index = new Map();
    for (let n = 0; n < BLOB_BODIES; n++) index.set(catalogueBlob(n).versionedHash, n);
  }
  return index;
};
