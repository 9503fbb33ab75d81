import { describe, expect, it } from 'vitest';
import { buildChain } from '../../generators/buildChain.js';
import { createApi } from '../../src/app/createApi.js';
import { followPages } from '../../src/rest/walkPages.js';
import { ROUTES } from '../../src/rest/routes.js';
import { NONE } from '../../src/chain/types.js';
import { catalogueBlob } from '../../src/protocol/blobData.js';
import { PROFILES } from '../../src/schemas/profile.js';
import { expectValidResponse, templateOf } from '../support/expectValid.js';
import { beaconDepositsOf } from '../../src/domain/beaconDeposits.js';
import { factsOf } from '../../src/domain/facts.js';
import { instancesOf } from '../../src/domain/tokens.js';
import { userOpsExamples } from '../../src/rest/endpoints/userOps.js';

const chain = buildChain({ scenario: 'tiny', seed: 3 });
const { accounts } = chain;

/** The account-abstraction proxy's routes: every list, filtered too, and each kind of entity. */
function userOpsUrls(): string[] {
  const e = userOpsExamples({ chain, facts: factsOf(chain) })!;
  const aa = '/proxy/account-abstraction';
  return [
    `${aa}/operations`,
    `${aa}/operations?sender=${e.account}`,
    `${aa}/operations?paymaster=${e.paymaster}`,
    `${aa}/operations/${e.operation}`,
    `${aa}/operations/${e.operation}/summary`,
    `${aa}/accounts`,
    `${aa}/accounts?factory=${e.factory}`,
    `${aa}/accounts/${e.account}`,
    `${aa}/bundles`,
    `${aa}/bundlers`,
    `${aa}/bundlers/${e.bundler}`,
    `${aa}/paymasters`,
    `${aa}/paymasters/${e.paymaster}`,
    `${aa}/factories`,
    `${aa}/factories/${e.factory}`,
    `${aa}/status`,
  ];
}

/** URLs reaching every route with every kind of entity the chain holds: EOAs and contracts of each kind, tokens of each type, blocks of each type, failed and creating transactions. */
function urls(): string[] {
  const out = [
    '/addresses',
    '/blocks',
    '/blocks?type=uncle',
    '/blocks?type=reorg',
    '/transactions',
    '/transactions?filter=pending',
    '/transactions/stats',
    '/token-transfers',
    '/internal-transactions',
    '/withdrawals',
    '/withdrawals/counters',
    '/smart-contracts',
    '/smart-contracts/counters',
    '/main-page/blocks',
    '/main-page/transactions',
    '/main-page/indexing-status',
    '/stats',
    '/stats/charts/transactions',
    '/stats/charts/market',
    '/config/backend-version',
    '/config/backend',
    '/config/csv-export',
    '/config/smart-contracts/languages',
    '/config/indexer',
    `/blocks/${chain.headHeight + 10}/countdown`,
    '/advanced-filters',
    '/advanced-filters?transaction_types=ERC-721,ERC-1155,ERC-404',
    '/advanced-filters?transaction_types=contract_creation,coin_transfer&methods=0xa9059cbb',
    `/advanced-filters?token_contract_address_hashes_to_include=${chain.handles.erc20Token},native`,
    '/advanced-filters/methods',
    '/advanced-filters/methods?q=0xa9059cbb',
    '/advanced-filters/methods?q=0x12345678',
    '/tokens',
    '/stats/charts/secondary-coin-market',
    '/stats/hot-smart-contracts?scale=3h',
    '/stats/hot-smart-contracts?scale=30d',
    '/stats/hot-smart-contracts?scale=3h&sort=total_gas_used&order=asc',
    '/smart-contracts/verification/config',
    ...userOpsUrls(),
  ];
  const kinds = new Map<string, number>();
  for (const a of accounts)
    kinds.set(
      a.contract
        ? `${a.contract.kind}:${a.contract.verification}:${a.contract.creationStatus}:${a.contract.token?.type ?? ''}`
        : a.balance > 0n
          ? 'eoa'
          : 'empty',
      a.id,
    );
  const picked = [...kinds.values(), chain.richList[0]!, chain.blocks.at(3)!.minerId];
  for (const id of picked) {
    const h = accounts[id]!.hash;
    out.push(`/addresses/${h}`);
    if (accounts[id]!.contract && accounts[id]!.contract!.creationStatus !== 'failed')
      out.push(`/smart-contracts/${h}`);
    if (accounts[id]!.contract?.verification === 'full') out.push(`/smart-contracts/${h}/audit-reports`);
    for (const tail of [
      'tokens',
      'token-transfers',
      'transactions',
      'internal-transactions',
      'nft/collections',
      'nft',
      'withdrawals',
      'counters',
      'tabs-counters',
      'coin-balance-history',
      'coin-balance-history-by-day',
      'logs',
      'blocks-validated',
      'token-balances',
    ])
      out.push(`/addresses/${h}/${tail}`);
    const token = accounts[id]!.contract?.token;
    if (token) {
      out.push(
        `/tokens/${h}`,
        `/tokens/${h}/counters`,
        `/tokens/${h}/transfers`,
        `/tokens/${h}/holders`,
        `/tokens/${h}/instances`,
        `/search?q=${encodeURIComponent(token.symbol)}`,
      );
      // The first id transferred that someone still holds: a burnt one has no instance page.
      const held = new Set(instancesOf(factsOf(chain), id).map((x) => x.nftId));
      const instance = [...chain.tokenTransfers]
        .flatMap((t) => (t.tokenId === id && t.tokenIds ? t.tokenIds : []))
        .find((nft) => held.has(nft));
      if (instance !== undefined)
        for (const tail of ['', '/transfers', '/transfers-count', '/holders'])
          out.push(`/tokens/${h}/instances/${instance}${tail}`);
    }
  }
  out.push(`/addresses/0x${'5e'.repeat(20)}`);
  for (const type of ['block', 'uncle', 'reorg']) {
    const block =
      [...chain.blocks].find((b) => b.type === type && b.transactionCount > 0) ??
      [...chain.blocks].find((b) => b.type === type);
    if (!block) continue;
    for (const id of [String(block.height), block.hash])
      for (const tail of ['', '/transactions', '/withdrawals', '/internal-transactions'])
        out.push(`/blocks/${id}${tail}`);
    out.push(`/search?q=${block.height}`, `/search/quick?q=${block.height}`, `/search/check-redirect?q=${block.hash}`);
  }
  const txs = [...chain.transactions];
  const picks = [
    txs.find((t) => t.status === 'error'),
    txs.find((t) => t.toId === NONE),
    txs.find((t) => t.tokenTransferCount > 10),
    txs.find((t) => t.internalCount > 0 && t.eventCount > 0),
    txs[0],
    txs.find((t) => t.type === 3),
  ];
  for (const tx of picks) {
    if (!tx) continue;
    for (const tail of [
      '',
      '/token-transfers',
      '/internal-transactions',
      '/logs',
      '/raw-trace',
      '/state-changes',
      '/summary',
      '/blobs',
    ])
      out.push(`/transactions/${tx.hash}${tail}`);
    out.push(`/search?q=${tx.hash}`, `/search/check-redirect?q=${tx.hash}`);
  }
  out.push(`/search?q=${accounts[chain.richList[0]!]!.hash}`, '/search?q=zzzz', '/search/check-redirect?q=nothing');
  // Blobs (EIP-4844): the blob list, a block's blob tab, a blob by its versioned hash.
  const blob = chain.blobs.at(0)!;
  out.push(
    '/transactions?type=blob_transaction',
    `/blocks/${blob.block}/transactions?type=blob_transaction`,
    `/blobs/${catalogueBlob(blob.body).versionedHash}`,
  );
  // Beacon deposits (EIP-6110): every list, of a block, a transaction and a sender, and the count.
  const deposit = beaconDepositsOf(factsOf(chain)).deposits[0]!;
  out.push(
    '/beacon/deposits',
    '/beacon/deposits/count',
    `/blocks/${deposit.block}/beacon/deposits`,
    `/blocks/${chain.blocks.at(deposit.block)!.hash}/beacon/deposits`,
    `/transactions/${chain.transactions.at(deposit.transaction)!.hash}/beacon/deposits`,
    `/addresses/${accounts[deposit.fromId]!.hash}/beacon/deposits`,
  );
  return out;
}

for (const profile of PROFILES) {
  describe(`profile ${profile}: every response matches the profile's schema`, () => {
    const api = createApi(chain, {
      profile,
      onError: (error) => {
        throw error;
      },
    });
    const get = (url: string) => {
      const u = new URL(`http://mock/api/v2${url}`);
      const answer = api(u.pathname, u.searchParams);
      expectValidResponse(`/api/v2${url}`, answer.status, answer.body, profile);
      return answer;
    };

    it('on every route, with every kind of entity, over the first pages of each list', () => {
      const reached = new Set<string>();
      for (const url of urls()) {
        const pages = followPages(get, url, 4);
        expect(get(pages[0]!).status, url).toBe(200);
        reached.add(templateOf(`/api/v2${url.split('?')[0]}`)!);
      }
      expect([...reached].sort()).toEqual(ROUTES.map((r) => r.template).sort());
    });

    it('on the error answers of the behaviour notes’ table', () => {
      const bad = [
        '/addresses/0x12',
        '/addresses/0x12/transactions',
        '/blocks/notablock',
        `/blocks/${10 ** 9}`,
        '/transactions/0x12',
        `/transactions/0x${'ab'.repeat(32)}`,
        `/smart-contracts/0x${'5e'.repeat(20)}`,
        '/blocks?type=sideways',
        '/addresses?items_count=x',
        '/nowhere',
        `/tokens/0x${'5e'.repeat(20)}`,
        '/blocks/3/countdown',
        '/blocks/-1/countdown',
        '/advanced-filters?block_number=x',
        `/addresses/0x${'5e'.repeat(20)}/transactions/csv?from_period=null&to_period=null`,
        `/addresses/${accounts[0]!.hash}/logs/csv`,
      ];
      for (const url of bad) expect(get(url).status, url).toBeGreaterThanOrEqual(400);
    });
  });
}
