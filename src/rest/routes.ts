import type { EndpointHandler } from './endpoint.js';
import { lazyModule, type LazyModule } from '../lazy/lazyModule.js';

/** Every file of endpoints, loaded on the first request to one of its routes (or after start). */
const endpointModules: LazyModule<unknown>[] = [];

/** The names of a module's exports that are endpoint handlers. */
type HandlerNames<M> = { [K in keyof M]: M[K] extends EndpointHandler ? K : never }[keyof M];

/**
 * A file of endpoints, loaded on the first request to one of them: its handler by name, which
 * throws `ModuleNotLoaded` until the file is there (the HTTP layer waits and answers again). A
 * server then loads only what its first requests ask for.
 */
export function endpointsOf<M>(
  name: string,
  importer: () => Promise<M>,
): (handler: HandlerNames<M>) => EndpointHandler {
  const module = lazyModule(`the REST endpoints of ${name}`, importer);
  endpointModules.push(module);
  return (handler) => (ctx, params, query) => (module.get()[handler] as EndpointHandler)(ctx, params, query);
}

/** Loads every file of endpoints (after start, so later first requests do not wait). */
export const loadEndpointModules = (): Promise<unknown> => Promise.all(endpointModules.map((m) => m.load()));

const addressEndpoints = endpointsOf('address', () => import('./endpoints/address.js'));
const addressBlocksValidatedEndpoints = endpointsOf(
  'addressBlocksValidated',
  () => import('./endpoints/addressBlocksValidated.js'),
);
const addressCoinBalancesEndpoints = endpointsOf(
  'addressCoinBalances',
  () => import('./endpoints/addressCoinBalances.js'),
);
const addressCountersEndpoints = endpointsOf('addressCounters', () => import('./endpoints/addressCounters.js'));
const addressesEndpoints = endpointsOf('addresses', () => import('./endpoints/addresses.js'));
const addressInternalTransactionsEndpoints = endpointsOf(
  'addressInternalTransactions',
  () => import('./endpoints/addressInternalTransactions.js'),
);
const addressLogsEndpoints = endpointsOf('addressLogs', () => import('./endpoints/addressLogs.js'));
const addressNftEndpoints = endpointsOf('addressNft', () => import('./endpoints/addressNft.js'));
const addressNftCollectionsEndpoints = endpointsOf(
  'addressNftCollections',
  () => import('./endpoints/addressNftCollections.js'),
);
const addressTokenBalancesEndpoints = endpointsOf(
  'addressTokenBalances',
  () => import('./endpoints/addressTokenBalances.js'),
);
const addressTokensEndpoints = endpointsOf('addressTokens', () => import('./endpoints/addressTokens.js'));
const auditReportsEndpoints = endpointsOf('auditReports', () => import('./endpoints/auditReports.js'));
const hotContractsEndpoints = endpointsOf('hotContracts', () => import('./endpoints/hotContracts.js'));
const verificationConfigEndpoints = endpointsOf(
  'verificationConfig',
  () => import('./endpoints/verificationConfig.js'),
);
const addressTokenTransfersEndpoints = endpointsOf(
  'addressTokenTransfers',
  () => import('./endpoints/addressTokenTransfers.js'),
);
const addressTransactionsEndpoints = endpointsOf(
  'addressTransactions',
  () => import('./endpoints/addressTransactions.js'),
);
const addressWithdrawalsEndpoints = endpointsOf(
  'addressWithdrawals',
  () => import('./endpoints/addressWithdrawals.js'),
);
const blockEndpoints = endpointsOf('block', () => import('./endpoints/block.js'));
const blocksEndpoints = endpointsOf('blocks', () => import('./endpoints/blocks.js'));
const blockTransactionsEndpoints = endpointsOf('blockTransactions', () => import('./endpoints/blockTransactions.js'));
const chainListsEndpoints = endpointsOf('chainLists', () => import('./endpoints/chainLists.js'));
const advancedFiltersEndpoints = endpointsOf('advancedFilters', () => import('./endpoints/advancedFilters.js'));
const blockCountdownEndpoints = endpointsOf('blockCountdown', () => import('./endpoints/blockCountdown.js'));
const configEndpoints = endpointsOf('config', () => import('./endpoints/config.js'));
const mainPageEndpoints = endpointsOf('mainPage', () => import('./endpoints/mainPage.js'));
const searchEndpoints = endpointsOf('search', () => import('./endpoints/search.js'));
const smartContractEndpoints = endpointsOf('smartContract', () => import('./endpoints/smartContract.js'));
const statsEndpoints = endpointsOf('stats', () => import('./endpoints/stats.js'));
const tokenInstancesEndpoints = endpointsOf('tokenInstances', () => import('./endpoints/tokenInstances.js'));
const tokensEndpoints = endpointsOf('tokens', () => import('./endpoints/tokens.js'));
const transactionEndpoints = endpointsOf('transaction', () => import('./endpoints/transaction.js'));
const transactionsEndpoints = endpointsOf('transactions', () => import('./endpoints/transactions.js'));
const beaconDepositsEndpoints = endpointsOf('beaconDeposits', () => import('./endpoints/beaconDeposits.js'));
const blobsEndpoints = endpointsOf('blobs', () => import('./endpoints/blobs.js'));
const transactionTokenTransfersEndpoints = endpointsOf(
  'transactionTokenTransfers',
  () => import('./endpoints/transactionTokenTransfers.js'),
);
const userOpsEndpoints = endpointsOf('userOps', () => import('./endpoints/userOps.js'));

/** Where the account-abstraction proxy's routes are (the explorer's `/api/v2/proxy/account-abstraction`). */
const USER_OPS_PREFIX = '/proxy/account-abstraction';

/** A route: the path template under /api/v2 (for documentation) and its handler. */
export interface Route {
  readonly template: string;
  readonly handler: EndpointHandler;
}

/**
 * Every route of the REST API but the OpenAPI document (`src/openapi` adds it): the twelve of the
 * seed spec, then what explorer pages call besides them. `{x}` matches one path segment.
 */
export const ROUTES: readonly Route[] = [
  { template: '/addresses', handler: addressesEndpoints('addresses') },
  { template: '/addresses/{address_hash}', handler: addressEndpoints('address') },
  { template: '/addresses/{address_hash}/tokens', handler: addressTokensEndpoints('addressTokens') },
  {
    template: '/addresses/{address_hash}/token-transfers',
    handler: addressTokenTransfersEndpoints('addressTokenTransfers'),
  },
  { template: '/addresses/{address_hash}/transactions', handler: addressTransactionsEndpoints('addressTransactions') },
  {
    template: '/addresses/{address_hash}/internal-transactions',
    handler: addressInternalTransactionsEndpoints('addressInternalTransactions'),
  },
  {
    template: '/addresses/{address_hash}/nft/collections',
    handler: addressNftCollectionsEndpoints('addressNftCollections'),
  },
  { template: '/addresses/{address_hash}/withdrawals', handler: addressWithdrawalsEndpoints('addressWithdrawals') },
  { template: '/blocks', handler: blocksEndpoints('blocks') },
  { template: '/blocks/{block_number_or_hash}/transactions', handler: blockTransactionsEndpoints('blockTransactions') },
  {
    template: '/transactions/{transaction_hash}/token-transfers',
    handler: transactionTokenTransfersEndpoints('transactionTokenTransfers'),
  },
  { template: '/smart-contracts/{address_hash}', handler: smartContractEndpoints('smartContract') },
  // What explorer pages call besides the twelve (both profiles).
  { template: '/blocks/{block_number_or_hash}', handler: blockEndpoints('block') },
  { template: '/blocks/{block_number_or_hash}/withdrawals', handler: blockEndpoints('blockWithdrawals') },
  {
    template: '/blocks/{block_number_or_hash}/internal-transactions',
    handler: blockEndpoints('blockInternalTransactions'),
  },
  { template: '/blocks/{block_number_or_hash}/countdown', handler: blockCountdownEndpoints('blockCountdown') },
  { template: '/transactions', handler: transactionsEndpoints('transactions') },
  { template: '/transactions/stats', handler: statsEndpoints('transactionStats') },
  { template: '/transactions/{transaction_hash}', handler: transactionEndpoints('transaction') },
  {
    template: '/transactions/{transaction_hash}/internal-transactions',
    handler: transactionEndpoints('transactionInternalTransactions'),
  },
  { template: '/transactions/{transaction_hash}/logs', handler: transactionEndpoints('transactionLogs') },
  { template: '/transactions/{transaction_hash}/raw-trace', handler: transactionEndpoints('transactionRawTrace') },
  {
    template: '/transactions/{transaction_hash}/state-changes',
    handler: transactionEndpoints('transactionStateChanges'),
  },
  { template: '/transactions/{transaction_hash}/summary', handler: transactionEndpoints('transactionSummary') },
  { template: '/transactions/{transaction_hash}/blobs', handler: blobsEndpoints('transactionBlobs') },
  { template: '/blobs/{blob_hash}', handler: blobsEndpoints('blob') },
  { template: '/beacon/deposits', handler: beaconDepositsEndpoints('allBeaconDeposits') },
  { template: '/beacon/deposits/count', handler: beaconDepositsEndpoints('beaconDepositsCount') },
  {
    template: '/blocks/{block_number_or_hash}/beacon/deposits',
    handler: beaconDepositsEndpoints('blockBeaconDeposits'),
  },
  {
    template: '/transactions/{transaction_hash}/beacon/deposits',
    handler: beaconDepositsEndpoints('transactionBeaconDeposits'),
  },
  { template: '/addresses/{address_hash}/beacon/deposits', handler: beaconDepositsEndpoints('addressBeaconDeposits') },
  { template: '/addresses/{address_hash}/counters', handler: addressCountersEndpoints('addressCounters') },
  { template: '/addresses/{address_hash}/tabs-counters', handler: addressCountersEndpoints('addressTabsCounters') },
  {
    template: '/addresses/{address_hash}/coin-balance-history',
    handler: addressCoinBalancesEndpoints('addressCoinBalanceHistory'),
  },
  {
    template: '/addresses/{address_hash}/coin-balance-history-by-day',
    handler: addressCoinBalancesEndpoints('addressCoinBalanceHistoryByDay'),
  },
  { template: '/addresses/{address_hash}/logs', handler: addressLogsEndpoints('addressLogs') },
  {
    template: '/addresses/{address_hash}/blocks-validated',
    handler: addressBlocksValidatedEndpoints('addressBlocksValidated'),
  },
  { template: '/addresses/{address_hash}/nft', handler: addressNftEndpoints('addressNft') },
  {
    template: '/addresses/{address_hash}/token-balances',
    handler: addressTokenBalancesEndpoints('addressTokenBalances'),
  },
  { template: '/tokens', handler: tokensEndpoints('tokens') },
  { template: '/tokens/{address_hash}', handler: tokensEndpoints('tokenDetail') },
  { template: '/tokens/{address_hash}/counters', handler: tokensEndpoints('tokenCounters') },
  { template: '/tokens/{address_hash}/transfers', handler: tokensEndpoints('tokenTransfers') },
  { template: '/tokens/{address_hash}/holders', handler: tokensEndpoints('tokenHolders') },
  { template: '/tokens/{address_hash}/instances', handler: tokenInstancesEndpoints('tokenInstances') },
  { template: '/tokens/{address_hash}/instances/{token_id}', handler: tokenInstancesEndpoints('tokenInstance') },
  {
    template: '/tokens/{address_hash}/instances/{token_id}/transfers',
    handler: tokenInstancesEndpoints('tokenInstanceTransfers'),
  },
  {
    template: '/tokens/{address_hash}/instances/{token_id}/transfers-count',
    handler: tokenInstancesEndpoints('tokenInstanceTransfersCount'),
  },
  {
    template: '/tokens/{address_hash}/instances/{token_id}/holders',
    handler: tokenInstancesEndpoints('tokenInstanceHolders'),
  },
  { template: '/token-transfers', handler: chainListsEndpoints('allTokenTransfers') },
  { template: '/internal-transactions', handler: chainListsEndpoints('allInternalTransactions') },
  { template: '/withdrawals', handler: chainListsEndpoints('allWithdrawals') },
  { template: '/withdrawals/counters', handler: chainListsEndpoints('withdrawalCounters') },
  { template: '/smart-contracts', handler: chainListsEndpoints('smartContracts') },
  { template: '/smart-contracts/counters', handler: chainListsEndpoints('smartContractCounters') },
  { template: '/smart-contracts/verification/config', handler: verificationConfigEndpoints('verificationConfig') },
  { template: '/smart-contracts/{address_hash}/audit-reports', handler: auditReportsEndpoints('auditReports') },
  { template: '/main-page/blocks', handler: mainPageEndpoints('mainPageBlocks') },
  { template: '/main-page/transactions', handler: mainPageEndpoints('mainPageTransactions') },
  { template: '/main-page/indexing-status', handler: mainPageEndpoints('indexingStatus') },
  { template: '/stats', handler: statsEndpoints('stats') },
  { template: '/stats/charts/transactions', handler: statsEndpoints('transactionsChart') },
  { template: '/stats/charts/market', handler: statsEndpoints('marketChart') },
  { template: '/stats/charts/secondary-coin-market', handler: statsEndpoints('secondaryCoinMarketChart') },
  { template: '/stats/hot-smart-contracts', handler: hotContractsEndpoints('hotSmartContracts') },
  { template: '/config/backend-version', handler: configEndpoints('backendVersion') },
  { template: '/config/backend', handler: configEndpoints('backendConfig') },
  { template: '/config/csv-export', handler: configEndpoints('csvExportConfig') },
  { template: '/config/smart-contracts/languages', handler: configEndpoints('contractLanguages') },
  { template: '/config/indexer', handler: configEndpoints('indexerConfig') },
  { template: '/advanced-filters', handler: advancedFiltersEndpoints('advancedFilters') },
  { template: '/advanced-filters/methods', handler: advancedFiltersEndpoints('advancedFilterMethods') },
  { template: '/search', handler: searchEndpoints('search') },
  { template: '/search/quick', handler: searchEndpoints('quickSearch') },
  { template: '/search/check-redirect', handler: searchEndpoints('checkRedirect') },
  // The user-operations indexer behind the explorer's account-abstraction proxy (ERC-4337).
  { template: `${USER_OPS_PREFIX}/operations`, handler: userOpsEndpoints('operations') },
  { template: `${USER_OPS_PREFIX}/operations/{operation_hash}`, handler: userOpsEndpoints('operation') },
  { template: `${USER_OPS_PREFIX}/operations/{operation_hash}/summary`, handler: userOpsEndpoints('operationSummary') },
  { template: `${USER_OPS_PREFIX}/accounts`, handler: userOpsEndpoints('accounts') },
  { template: `${USER_OPS_PREFIX}/accounts/{address_hash}`, handler: userOpsEndpoints('account') },
  { template: `${USER_OPS_PREFIX}/bundles`, handler: userOpsEndpoints('bundles') },
  { template: `${USER_OPS_PREFIX}/bundlers`, handler: userOpsEndpoints('bundlers') },
  { template: `${USER_OPS_PREFIX}/bundlers/{address_hash}`, handler: userOpsEndpoints('bundler') },
  { template: `${USER_OPS_PREFIX}/paymasters`, handler: userOpsEndpoints('paymasters') },
  { template: `${USER_OPS_PREFIX}/paymasters/{address_hash}`, handler: userOpsEndpoints('paymaster') },
  { template: `${USER_OPS_PREFIX}/factories`, handler: userOpsEndpoints('factories') },
  { template: `${USER_OPS_PREFIX}/factories/{address_hash}`, handler: userOpsEndpoints('factory') },
  { template: `${USER_OPS_PREFIX}/status`, handler: userOpsEndpoints('status') },
];

interface Node {
  readonly fixed: Map<string, Node>;
  param?: Node;
  handler?: EndpointHandler;
}

const node = (): Node => ({ fixed: new Map() });

/** A segment trie of the routes: matching costs one map lookup per segment. */
function buildTrie(routes: readonly Route[]): Node {
  const root = node();
  for (const route of routes) {
    let at = root;
    for (const segment of route.template.split('/').slice(1)) {
      if (segment.startsWith('{')) at = at.param ??= node();
      else {
        let child = at.fixed.get(segment);
        if (!child) at.fixed.set(segment, (child = node()));
        at = child;
      }
    }
    at.handler = route.handler;
  }
  return root;
}

/** Finds the handler of a path under /api/v2 (without the prefix), and its raw path parameters. */
export type RouteMatcher = (path: string) => { handler: EndpointHandler; params: string[] } | undefined;

/** The matcher of `routes`: one map lookup per path segment. */
export const routeMatcher = (routes: readonly Route[]): RouteMatcher => {
  const trie = buildTrie(routes);
  return (path) => matchIn(trie, path);
};

function matchIn(trie: Node, path: string): ReturnType<RouteMatcher> {
  const segments = path.split('/');
  if (segments[0] !== '') return undefined;
  let at: Node | undefined = trie;
  const params: string[] = [];
  for (let i = 1; i < segments.length && at; i++) {
    const segment = segments[i]!;
    const fixed: Node | undefined = at.fixed.get(segment);
    if (fixed) at = fixed;
    else if (at.param && segment !== '') {
      params.push(segment);
      at = at.param;
    } else at = undefined;
  }
  return at?.handler ? { handler: at.handler, params } : undefined;
}
