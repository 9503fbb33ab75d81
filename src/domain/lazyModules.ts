import { lazyModule } from '../lazy/lazyModule.js';

/**
 * What the views load only when they need it, so that a server starts without it: the contract
 * catalogue (sources, bytecode, Faker), NFT metadata (Faker), the ABI coder, the OpenAPI document
 * (zod) and the EIP-55 checksum (keccak) for addresses the chain has never seen. `loadHeavy()` loads them all; `heavyEager.ts` provides them statically.
 */
export const heavy = {
  catalogue: lazyModule('the contract catalogue', () => import('../../generators/contracts/contractArtifacts.js')),
  abi: lazyModule('the ABI coder', () => import('../views/decodedInput.js')),
  nftMetadata: lazyModule('NFT metadata', () => import('./nftMetadata.js')),
  openapi: lazyModule('the OpenAPI document', () => import('../openapi/openApiDocument.js')),
  address: lazyModule('the EIP-55 checksum', () => import('ox/Address')),
};

export const loadHeavy = (): Promise<unknown> => Promise.all(Object.values(heavy).map((m) => m.load()));
