import { lazyModule } from '../lazy/lazyModule.js';

/**
 * What the facts load only when they need it, so that a server starts without it: the contract
 * catalogue (sources, bytecode, Faker), NFT metadata (Faker), the ABI coder and the EIP-55
 * checksum (keccak) for addresses the chain has never seen, the blob catalogue (bodies, commitments
 * and proofs) for the transactions that carry blobs. `loadLazyModules()` loads them all;
 * `app/loadModulesEagerly.ts` provides them statically, for callers that must stay synchronous.
 */
export const lazyModules = {
  catalogue: lazyModule('the contract catalogue', () => import('../../generators/contracts/contractArtifacts.js')),
  abi: lazyModule('the ABI coder', () => import('./abiCoder.js')),
  nftMetadata: lazyModule('NFT metadata', () => import('./nftMetadata.js')),
  checksum: lazyModule('the EIP-55 checksum', () => import('ox/Address')),
  blobData: lazyModule('the blob catalogue', () => import('../protocol/blobData.js')),
};

export const loadLazyModules = (): Promise<unknown> => Promise.all(Object.values(lazyModules).map((m) => m.load()));
