import type { EndpointHandler } from './endpoint.js';
import { address } from './endpoints/address.js';
import { addressBlocksValidated } from './endpoints/addressBlocksValidated.js';
import { addressCoinBalanceHistory, addressCoinBalanceHistoryByDay } from './endpoints/addressCoinBalances.js';
import { addressCounters, addressTabsCounters } from './endpoints/addressCounters.js';
import { addresses } from './endpoints/addresses.js';
import { addressInternalTransactions } from './endpoints/addressInternalTransactions.js';
import { addressLogs } from './endpoints/addressLogs.js';
import { addressNft } from './endpoints/addressNft.js';
import { addressNftCollections } from './endpoints/addressNftCollections.js';
import { addressTokenBalances } from './endpoints/addressTokenBalances.js';
import { addressTokens } from './endpoints/addressTokens.js';
import { auditReports } from './endpoints/auditReports.js';
import { hotSmartContracts } from './endpoints/hotContracts.js';
import { verificationConfig } from './endpoints/verificationConfig.js';
import { addressTokenTransfers } from './endpoints/addressTokenTransfers.js';
import { addressTransactions } from './endpoints/addressTransactions.js';
import { addressWithdrawals } from './endpoints/addressWithdrawals.js';
import { block, blockInternalTransactions, blockWithdrawals } from './endpoints/block.js';
import { blocks } from './endpoints/blocks.js';
import { blockTransactions } from './endpoints/blockTransactions.js';
import {
  allInternalTransactions,
  allTokenTransfers,
  allWithdrawals,
  smartContractCounters,
  smartContracts,
  withdrawalCounters,
} from './endpoints/chainLists.js';
import { advancedFilterMethods, advancedFilters } from './endpoints/advancedFilters.js';
import { blockCountdown } from './endpoints/blockCountdown.js';
import {
  backendConfig,
  backendVersion,
  contractLanguages,
  csvExportConfig,
  indexerConfig,
} from './endpoints/config.js';
import { indexingStatus, mainPageBlocks, mainPageTransactions } from './endpoints/mainPage.js';
import { checkRedirect, quickSearch, search } from './endpoints/search.js';
import { smartContract } from './endpoints/smartContract.js';
import {
  marketChart,
  secondaryCoinMarketChart,
  stats,
  transactionsChart,
  transactionStats,
} from './endpoints/stats.js';
import {
  tokenInstance,
  tokenInstanceHolders,
  tokenInstances,
  tokenInstanceTransfers,
  tokenInstanceTransfersCount,
} from './endpoints/tokenInstances.js';
import { tokenCounters, tokenDetail, tokenHolders, tokens, tokenTransfers } from './endpoints/tokens.js';
import {
  transaction,
  transactionInternalTransactions,
  transactionLogs,
  transactionRawTrace,
  transactionStateChanges,
  transactionSummary,
} from './endpoints/transaction.js';
import { transactions } from './endpoints/transactions.js';
import { blob, transactionBlobs } from './endpoints/blobs.js';
import {
  addressBeaconDeposits,
  allBeaconDeposits,
  beaconDepositsCount,
  blockBeaconDeposits,
  transactionBeaconDeposits,
} from './endpoints/beaconDeposits.js';
import { transactionTokenTransfers } from './endpoints/transactionTokenTransfers.js';
import { USER_OPS_ROUTES } from './endpoints/userOps.js';

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
  { template: '/addresses', handler: addresses },
  { template: '/addresses/{address_hash}', handler: address },
  { template: '/addresses/{address_hash}/tokens', handler: addressTokens },
  { template: '/addresses/{address_hash}/token-transfers', handler: addressTokenTransfers },
  { template: '/addresses/{address_hash}/transactions', handler: addressTransactions },
  { template: '/addresses/{address_hash}/internal-transactions', handler: addressInternalTransactions },
  { template: '/addresses/{address_hash}/nft/collections', handler: addressNftCollections },
  { template: '/addresses/{address_hash}/withdrawals', handler: addressWithdrawals },
  { template: '/blocks', handler: blocks },
  { template: '/blocks/{block_number_or_hash}/transactions', handler: blockTransactions },
  { template: '/transactions/{transaction_hash}/token-transfers', handler: transactionTokenTransfers },
  { template: '/smart-contracts/{address_hash}', handler: smartContract },
  // What explorer pages call besides the twelve (both profiles).
  { template: '/blocks/{block_number_or_hash}', handler: block },
  { template: '/blocks/{block_number_or_hash}/withdrawals', handler: blockWithdrawals },
  { template: '/blocks/{block_number_or_hash}/internal-transactions', handler: blockInternalTransactions },
  { template: '/blocks/{block_number_or_hash}/countdown', handler: blockCountdown },
  { template: '/transactions', handler: transactions },
  { template: '/transactions/stats', handler: transactionStats },
  { template: '/transactions/{transaction_hash}', handler: transaction },
  { template: '/transactions/{transaction_hash}/internal-transactions', handler: transactionInternalTransactions },
  { template: '/transactions/{transaction_hash}/logs', handler: transactionLogs },
  { template: '/transactions/{transaction_hash}/raw-trace', handler: transactionRawTrace },
  { template: '/transactions/{transaction_hash}/state-changes', handler: transactionStateChanges },
  { template: '/transactions/{transaction_hash}/summary', handler: transactionSummary },
  { template: '/transactions/{transaction_hash}/blobs', handler: transactionBlobs },
  { template: '/blobs/{blob_hash}', handler: blob },
  { template: '/beacon/deposits', handler: allBeaconDeposits },
  { template: '/beacon/deposits/count', handler: beaconDepositsCount },
  { template: '/blocks/{block_number_or_hash}/beacon/deposits', handler: blockBeaconDeposits },
  { template: '/transactions/{transaction_hash}/beacon/deposits', handler: transactionBeaconDeposits },
  { template: '/addresses/{address_hash}/beacon/deposits', handler: addressBeaconDeposits },
  { template: '/addresses/{address_hash}/counters', handler: addressCounters },
  { template: '/addresses/{address_hash}/tabs-counters', handler: addressTabsCounters },
  { template: '/addresses/{address_hash}/coin-balance-history', handler: addressCoinBalanceHistory },
  { template: '/addresses/{address_hash}/coin-balance-history-by-day', handler: addressCoinBalanceHistoryByDay },
  { template: '/addresses/{address_hash}/logs', handler: addressLogs },
  { template: '/addresses/{address_hash}/blocks-validated', handler: addressBlocksValidated },
  { template: '/addresses/{address_hash}/nft', handler: addressNft },
  { template: '/addresses/{address_hash}/token-balances', handler: addressTokenBalances },
  { template: '/tokens', handler: tokens },
  { template: '/tokens/{address_hash}', handler: tokenDetail },
  { template: '/tokens/{address_hash}/counters', handler: tokenCounters },
  { template: '/tokens/{address_hash}/transfers', handler: tokenTransfers },
  { template: '/tokens/{address_hash}/holders', handler: tokenHolders },
  { template: '/tokens/{address_hash}/instances', handler: tokenInstances },
  { template: '/tokens/{address_hash}/instances/{token_id}', handler: tokenInstance },
  { template: '/tokens/{address_hash}/instances/{token_id}/transfers', handler: tokenInstanceTransfers },
  { template: '/tokens/{address_hash}/instances/{token_id}/transfers-count', handler: tokenInstanceTransfersCount },
  { template: '/tokens/{address_hash}/instances/{token_id}/holders', handler: tokenInstanceHolders },
  { template: '/token-transfers', handler: allTokenTransfers },
  { template: '/internal-transactions', handler: allInternalTransactions },
  { template: '/withdrawals', handler: allWithdrawals },
  { template: '/withdrawals/counters', handler: withdrawalCounters },
  { template: '/smart-contracts', handler: smartContracts },
  { template: '/smart-contracts/counters', handler: smartContractCounters },
  { template: '/smart-contracts/verification/config', handler: verificationConfig },
  { template: '/smart-contracts/{address_hash}/audit-reports', handler: auditReports },
  { template: '/main-page/blocks', handler: mainPageBlocks },
  { template: '/main-page/transactions', handler: mainPageTransactions },
  { template: '/main-page/indexing-status', handler: indexingStatus },
  { template: '/stats', handler: stats },
  { template: '/stats/charts/transactions', handler: transactionsChart },
  { template: '/stats/charts/market', handler: marketChart },
  { template: '/stats/charts/secondary-coin-market', handler: secondaryCoinMarketChart },
  { template: '/stats/hot-smart-contracts', handler: hotSmartContracts },
  { template: '/config/backend-version', handler: backendVersion },
  { template: '/config/backend', handler: backendConfig },
  { template: '/config/csv-export', handler: csvExportConfig },
  { template: '/config/smart-contracts/languages', handler: contractLanguages },
  { template: '/config/indexer', handler: indexerConfig },
  { template: '/advanced-filters', handler: advancedFilters },
  { template: '/advanced-filters/methods', handler: advancedFilterMethods },
  { template: '/search', handler: search },
  { template: '/search/quick', handler: quickSearch },
  { template: '/search/check-redirect', handler: checkRedirect },
  // The user-operations indexer behind the explorer's account-abstraction proxy (ERC-4337).
  ...USER_OPS_ROUTES,
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
