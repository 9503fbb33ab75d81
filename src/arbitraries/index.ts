/**
 * fast-check arbitraries for every resource, every page and whole chains of the explorer API,
 * built by the same views and rules as the server, so every value is one the server could send.
 *
 * @example
 * import fc from 'fast-check';
 * import { transaction } from 'explorer-mock/arbitraries';
 * fc.assert(fc.property(transaction({ status: 'error' }), (t) => t.revert_reason !== null));
 */
// Values are rendered synchronously by the server's views: load every module they use up front.
import '../app/loadModulesEagerly.js';

export { addressHash, blockHash, transactionHash } from './primitives.js';
export {
  address,
  addressListItem,
  addressRef,
  block,
  internalTransaction,
  nftCollection,
  smartContract,
  token,
  tokenBalance,
  tokenInstance,
  tokenTransfer,
  transaction,
  withdrawal,
  type AddressOptions,
  type ProfileOption,
  type ProfileShape,
  type SmartContractOptions,
} from './resources.js';
export type { TransactionOptions } from './transactionFragment.js';
export { pages as page, type PageOptions } from './pages.js';
export { errorResponse } from './errorResponse.js';
export { chain, type ChainOptions } from './chain.js';
export { scenario, type ScenarioArbitraryOptions } from './scenario.js';
export { apiRequest, type ApiRequest } from './apiRequest.js';
export {
  userOperation,
  userOperationInList,
  userOpsAccount,
  userOpsBundle,
  type UserOperationOptions,
} from './userOps.js';
export { beaconDeposit, type BeaconDepositOptions } from './beaconDeposit.js';
