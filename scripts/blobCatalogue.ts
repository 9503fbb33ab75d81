/**
 * Writes src/protocol/blobCatalogue.ts: the KZG commitment and blob proof of each catalogue blob
 * body (`blobBody`), computed by a KZG library over Ethereum's trusted setup. The mock does not
 * depend on one (the ones on the registry load a trusted setup for seconds and take a tenth of a
 * second per commitment, too slow for every chain's build), so this runs once, by hand:
 *
 *   npm install --no-save @crate-crypto/node-eth-kzg   # or into another folder, named by KZG_MODULE
 *   npx tsx scripts/blobCatalogue.ts [count]
 */
import { writeFileSync } from 'node:fs';
import { blobBody } from '../src/protocol/blobData.js';

const count = Number(process.argv[2] ?? 256);
const kzg = await import(process.env.KZG_MODULE ?? '@crate-crypto/node-eth-kzg');
const context = new kzg.DasContextJs();
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const rows: string[] = [];
for (let n = 0; n < count; n++) {
  const body = blobBody(n);
  const commitment = context.blobToKzgCommitment(body);
  const proof = context.computeBlobKzgProof(body, commitment);
  if (!context.verifyBlobKzgProof(body, commitment, proof)) throw new Error(`blob ${n}: its proof does not verify`);
  rows.push(`  '${hex(commitment)}${hex(proof)}',`);
}
writeFileSync(
  new URL('../src/protocol/blobCatalogue.ts', import.meta.url),
  `/**\n * Written by scripts/blobCatalogue.ts (@crate-crypto/node-eth-kzg over Ethereum's KZG trusted setup): for each\n * catalogue blob body n (\`blobBody(n)\`), its 48-byte KZG commitment then its 48-byte blob proof, in hex.\n */\nexport const BLOB_CATALOGUE: readonly string[] = [\n${rows.join('\n')}\n];\n`,
);
console.log(`${count} blobs written`);
