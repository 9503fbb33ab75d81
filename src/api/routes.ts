import type { Handler } from './handler.js';
import { address } from './handlers/address.js';
import { addresses } from './handlers/addresses.js';
import { addressInternalTransactions } from './handlers/addressInternalTransactions.js';
import { addressNftCollections } from './handlers/addressNftCollections.js';
import { addressTokens } from './handlers/addressTokens.js';
import { addressTokenTransfers } from './handlers/addressTokenTransfers.js';
import { addressTransactions } from './handlers/addressTransactions.js';
import { addressWithdrawals } from './handlers/addressWithdrawals.js';
import { blocks } from './handlers/blocks.js';
import { blockTransactions } from './handlers/blockTransactions.js';
import { smartContract } from './handlers/smartContract.js';
import { transactionTokenTransfers } from './handlers/transactionTokenTransfers.js';
import { openapi } from './handlers/openapi.js';

/** A route: the path template under /api/v2 (for documentation) and its handler. */
export interface Route {
  readonly template: string;
  readonly handler: Handler;
}

/** The twelve endpoints and the OpenAPI document, by path template. `{x}` matches one path segment. */
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
  { template: '/openapi', handler: openapi },
];

interface Node {
  readonly fixed: Map<string, Node>;
  param?: Node;
  handler?: Handler;
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

const TRIE = buildTrie(ROUTES);

/** The handler for a path under /api/v2 (without the prefix) and its raw path parameters. */
export function matchRoute(path: string): { handler: Handler; params: string[] } | undefined {
  const segments = path.split('/');
  if (segments[0] !== '') return undefined;
  let at: Node | undefined = TRIE;
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
