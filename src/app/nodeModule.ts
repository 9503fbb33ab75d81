import { loadLazyModules } from '../domain/lazyModules.js';
import { lazyModule } from '../lazy/lazyModule.js';

/**
 * The node's JSON-RPC, loaded on its first request (a server that is never asked starts without
 * it), with every module its methods use, so a method never waits for one halfway through a batch.
 */
export const nodeModule = lazyModule('the node', () =>
  Promise.all([import('../rpc/node.js'), loadLazyModules()]).then(([node]) => node),
);

/** Blockscout's ETH RPC API (`/api/eth-rpc`), loaded on its first request. */
export const ethRpcModule = lazyModule('the explorer’s ETH RPC API', () =>
  Promise.all([import('../rpc/blockscoutEthRpc.js'), loadLazyModules()]).then(([api]) => api),
);

/** Blockscout's Etherscan-compatible API (`/api?module=…`), loaded on its first request (or after start). */
export const etherscanModule = lazyModule('the Etherscan-compatible API', () =>
  Promise.all([import('../etherscan/etherscanApi.js'), loadLazyModules()]).then(([api]) => api),
);

/** Etherscan's own API (`/v2/api`), loaded on its first request (or after start). */
export const etherscanV2Module = lazyModule('Etherscan’s API v2', () =>
  Promise.all([import('../etherscanV2/etherscanV2Api.js'), loadLazyModules()]).then(([api]) => api),
);
