import type { Chain } from '../chain/types.js';

/** One request per endpoint on a chain's notable entities, by operation id: the documented examples. */
export function exampleRequests(chain: Chain): Record<string, string> {
  const h = chain.handles;
  return {
    listAddresses: '/addresses',
    getAddress: `/addresses/${h.whale}`,
    listAddressTokens: `/addresses/${h.busyAddress}/tokens`,
    listAddressTokenTransfers: `/addresses/${h.busyAddress}/token-transfers`,
    listAddressTransactions: `/addresses/${h.busyAddress}/transactions`,
    listAddressInternalTransactions: `/addresses/${h.vault}/internal-transactions`,
    listAddressNftCollections: `/addresses/${h.busyAddress}/nft/collections`,
    listAddressWithdrawals: `/addresses/${h.withdrawalAddress}/withdrawals`,
    listBlocks: '/blocks',
    listBlockTransactions: `/blocks/${h.busiestBlock}/transactions`,
    listTransactionTokenTransfers: `/transactions/${h.erc1155BatchTransaction}/token-transfers`,
    getSmartContract: `/smart-contracts/${h.erc20Token}`,
  };
}
