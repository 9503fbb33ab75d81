import type { Chain } from '../chain/types.js';
import { catalogueBlob } from '../protocol/blobData.js';
import { ALL_ROUTES } from '../openapi/openApiEndpoint.js';
import { LINE_CHARTS } from '../stats/lineChartCatalogue.js';
import { STATS_SERVICE_PREFIX } from '../stats/servicePrefix.js';
import { isoTimestamp } from '../views/isoTimestamp.js';
import { beaconDepositsOf } from '../domain/beaconDeposits.js';
import { factsOf } from '../domain/facts.js';
import { userOpsExamples } from '../rest/endpoints/userOps.js';
import { USER_OPS_PREFIX } from '../schemas/userOps.js';

/** The entities a route's example names: the richest ones of their kind the chain holds. */
interface Examples {
  readonly address: string;
  readonly token: string;
  readonly instance: { readonly token: string; readonly id: string } | undefined;
  readonly contract: string | undefined;
  readonly transaction: string | undefined;
  readonly block: number;
  readonly symbol: string | undefined;
  /** A blob transaction and its first blob's versioned hash (EIP-4844), where the chain has blobs. */
  readonly blob: { readonly transaction: string; readonly hash: string } | undefined;
  /** The first beacon deposit's transaction, block and sender (EIP-6110), where the chain has deposits. */
  readonly deposit: { readonly transaction: string; readonly block: number; readonly from: string } | undefined;
}

function examplesOf(chain: Chain): Examples {
  const [nft] = chain.nftOwners.keys();
  const instance =
    nft === undefined ? undefined : { token: chain.accounts[Number(nft.split(':')[0])]!.hash, id: nft.split(':')[1]! };
  const token = chain.accounts.find((a) => a.contract?.token && a.contract.creationStatus !== 'failed');
  const contract = chain.accounts.find((a) => a.contract && a.contract.verification !== 'none');
  let transaction: string | undefined;
  for (const t of chain.transactions)
    if (t.tokenTransferCount > 0 && t.internalCount > 0) {
      transaction = t.hash;
      break;
    }
  transaction ??= chain.transactions.at(chain.transactions.length - 1)?.hash;
  const firstBlob = chain.blobs.at(0);
  const firstDeposit = beaconDepositsOf(factsOf(chain)).deposits[0];
  return {
    address: chain.handles.whale ?? chain.accounts[chain.zeroId]!.hash,
    token: instance?.token ?? token?.hash ?? chain.accounts[chain.zeroId]!.hash,
    instance,
    contract: contract?.hash,
    transaction,
    block: chain.headHeight,
    symbol: token?.contract?.token?.symbol,
    blob: firstBlob && {
      transaction: chain.transactions.at(firstBlob.transaction)!.hash,
      hash: catalogueBlob(firstBlob.body).versionedHash,
    },
    deposit: firstDeposit && {
      transaction: chain.transactions.at(firstDeposit.transaction)!.hash,
      block: firstDeposit.block,
      from: chain.accounts[firstDeposit.fromId]!.hash,
    },
  };
}

/** The query a route needs to answer with its content rather than a 400. */
function queryOf(template: string, chain: Chain, e: Examples): string {
  if (template.startsWith('/search')) return e.symbol ? `?q=${encodeURIComponent(e.symbol)}` : '?q=1';
  if (template === '/stats/hot-smart-contracts') return '?scale=1h';
  if (template.endsWith('/csv') && template !== '/advanced-filters/csv') {
    const from = isoTimestamp(chain.blocks.at(0)!.timestamp).slice(0, 10);
    const to = isoTimestamp(chain.blocks.at(chain.headHeight)!.timestamp).slice(0, 10);
    return `?from_period=${from}&to_period=${to}`;
  }
  return '';
}

/**
 * One URL for every route of the REST API (its parameters filled with entities of the chain and
 * the query it needs), so an export holds an answer of every route the server answers, beside the
 * notable entities' own.
 */
export function routeExamples(chain: Chain): string[] {
  const e = examplesOf(chain);
  const urls: string[] = [];
  const userOps = userOpsExamples({ chain, facts: factsOf(chain) });
  for (const { template } of ALL_ROUTES) {
    if (template.startsWith(USER_OPS_PREFIX)) {
      // The account-abstraction proxy's entities: the chain's first operation, its sender and the rest.
      if (!userOps) continue;
      const kind = template.split('/')[3]!;
      const entity = {
        operations: userOps.operation,
        accounts: userOps.account,
        bundlers: userOps.bundler,
        paymasters: userOps.paymaster,
        factories: userOps.factory,
      }[kind];
      urls.push(`/api/v2${template.replace(/\{\w+\}/, entity ?? '')}`);
      continue;
    }
    const onToken = template.startsWith('/tokens/');
    // A deposits route names the first deposit's sender, transaction and block, so it lists one.
    const deposit = template.endsWith('/beacon/deposits') ? e.deposit : undefined;
    const filled = template
      .replace(
        '{address_hash}',
        deposit?.from ??
          (onToken ? e.token : template.startsWith('/smart-contracts/') ? (e.contract ?? e.address) : e.address),
      )
      .replace('{token_id}', e.instance?.id ?? '1')
      .replace(
        '{transaction_hash}',
        deposit?.transaction ??
          (template.endsWith('/blobs') ? e.blob?.transaction : undefined) ??
          e.transaction ??
          '0x',
      )
      .replace('{blob_hash}', e.blob?.hash ?? `0x01${'0'.repeat(62)}`)
      // A countdown is to a block still to come.
      .replace(
        '{block_number_or_hash}',
        String(deposit?.block ?? (template.endsWith('/countdown') ? e.block + 100 : e.block)),
      );
    urls.push(`/api/v2${filled}${queryOf(template, chain, e)}`);
  }
  return urls;
}

/**
 * Every route of the stats service (`/stats-service`), each line chart at every resolution it
 * offers: what a frontend with `NEXT_PUBLIC_STATS_API_HOST` set reads.
 */
export function statsServiceExamples(): string[] {
  const api = `${STATS_SERVICE_PREFIX}/api/v1`;
  const urls = [
    `${api}/counters`,
    `${api}/lines`,
    `${api}/pages/main`,
    `${api}/pages/transactions`,
    `${api}/pages/contracts`,
    `${api}/update-status`,
    `${api}/docs/swagger.yaml`,
    `${STATS_SERVICE_PREFIX}/health`,
  ];
  for (const chart of LINE_CHARTS) {
    urls.push(`${api}/lines/${chart.id}`);
    for (const resolution of chart.resolutions) urls.push(`${api}/lines/${chart.id}?resolution=${resolution}`);
  }
  return urls;
}
