import type { Chain } from '../src/chain/types.js';
import type { ApiHandler } from '../src/rest/response.js';
import { followPages } from '../src/rest/walkPages.js';

/** Every page of a list (up to 200), following next_page_params in process. */
const pagesOf = (api: ApiHandler, path: string) =>
  followPages(
    (url) => {
      const [pathname, query = ''] = url.split('?') as [string, string?];
      return api(pathname, new URLSearchParams(query));
    },
    `/api/v2${path}`,
    200,
  );

export interface EndpointLoad {
  readonly name: string;
  /** The URL the hot load repeats. */
  readonly hot: string;
  /** The URLs the walk load cycles through, each different. */
  readonly walk: readonly string[];
}

/** For each endpoint: one representative URL, and a long list of different URLs (pages or entities). */
export function endpointLoads(chain: Chain, api: ApiHandler): EndpointLoad[] {
  const h = chain.handles;
  const accounts = chain.accounts.map((a) => a.hash);
  const contracts = chain.accounts
    .filter((a) => a.contract && a.contract.creationStatus !== 'failed')
    .map((a) => a.hash);
  const holders = chain.accounts.filter((a) => chain.indexes.at(a.id)!.holdings.length > 0).map((a) => a.hash);
  const collectors = chain.accounts.filter((a) => chain.indexes.at(a.id)!.nftCollections.length > 0).map((a) => a.hash);
  const withdrawers = chain.accounts.filter((a) => chain.indexes.at(a.id)!.withdrawals.length > 0).map((a) => a.hash);
  const withTransfers = [...chain.transactions].filter((t) => t.tokenTransferCount > 0).map((t) => t.hash);
  const many = (paths: string[], limit = 400) => paths.flatMap((p) => pagesOf(api, p)).slice(0, limit);
  return [
    { name: '1 addresses', hot: '/api/v2/addresses', walk: pagesOf(api, '/addresses') },
    { name: '2 address', hot: `/api/v2/addresses/${h.whale}`, walk: accounts.map((a) => `/api/v2/addresses/${a}`) },
    {
      name: '3 address tokens',
      hot: `/api/v2/addresses/${h.busyAddress}/tokens`,
      walk: many(holders.map((a) => `/addresses/${a}/tokens`)),
    },
    {
      name: '4 address token transfers',
      hot: `/api/v2/addresses/${h.busyAddress}/token-transfers`,
      walk: pagesOf(api, `/addresses/${h.busyAddress}/token-transfers`),
    },
    {
      name: '5 address transactions',
      hot: `/api/v2/addresses/${h.busyAddress}/transactions`,
      walk: pagesOf(api, `/addresses/${h.busyAddress}/transactions`),
    },
    {
      name: '6 internal transactions',
      hot: `/api/v2/addresses/${h.vault}/internal-transactions`,
      walk: pagesOf(api, `/addresses/${h.vault}/internal-transactions`),
    },
    {
      name: '7 NFT collections',
      hot: `/api/v2/addresses/${h.busyAddress}/nft/collections`,
      walk: many(collectors.map((a) => `/addresses/${a}/nft/collections`)),
    },
    {
      name: '8 withdrawals',
      hot: `/api/v2/addresses/${h.withdrawalAddress}/withdrawals`,
      walk: many(withdrawers.map((a) => `/addresses/${a}/withdrawals`)),
    },
    { name: '9 blocks', hot: '/api/v2/blocks', walk: pagesOf(api, '/blocks') },
    {
      name: '10 block transactions',
      hot: `/api/v2/blocks/${h.busiestBlock}/transactions`,
      walk: [...chain.blocks].slice(1).map((b) => `/api/v2/blocks/${b.height}/transactions`),
    },
    {
      name: '11 transaction token transfers',
      hot: `/api/v2/transactions/${h.erc1155BatchTransaction}/token-transfers`,
      walk: withTransfers.slice(0, 1000).map((t) => `/api/v2/transactions/${t}/token-transfers`),
    },
    {
      name: '12 smart contract',
      hot: `/api/v2/smart-contracts/${h.erc20Token}`,
      walk: contracts.map((c) => `/api/v2/smart-contracts/${c}`),
    },
    // The Etherscan-compatible API's busiest list: a busy address's transactions, 100 a page.
    {
      name: 'etherscan txlist',
      hot: `/api?module=account&action=txlist&address=${h.busyAddress}&offset=100`,
      walk: Array.from(
        {
          length: Math.min(
            100,
            Math.ceil(
              chain.indexes.at(chain.accountByHash.get(h.busyAddress!.toLowerCase())!)!.transactions.length / 100,
            ),
          ),
        },
        (_, k) => `/api?module=account&action=txlist&address=${h.busyAddress}&offset=100&page=${k + 1}`,
      ),
    },
  ];
}
