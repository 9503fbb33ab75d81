import { z } from 'zod';
import { address, addressListItem } from './address.js';
import { block } from './block.js';
import { decimal, hash32, lowerAddressHash, nonNegativeInteger, wei } from './formats.js';
import { internalTransaction } from './internalTransaction.js';
import { page } from './page.js';
import { smartContract } from './smartContract.js';
import { addressTokenBalanceItem, nftCollectionItem } from './tokenInstance.js';
import { tokenTransfer } from './tokenTransfer.js';
import { transaction } from './transaction.js';
import { addressWithdrawal } from './withdrawal.js';

const int = nonNegativeInteger;

/** The response of each endpoint, with its exact `next_page_params` keys. */
export const responses = {
  addresses: page(
    addressListItem,
    { fetched_coin_balance: wei, hash: lowerAddressHash, items_count: int },
    'AddressesPage',
    {
      exchange_rate: decimal,
      /** The native coin's supply in whole coins (not wei), as the explorer sends it. */
      total_supply: decimal,
    },
  ),
  address,
  addressTokens: page(
    addressTokenBalanceItem,
    { items_count: int, token_name: z.string().nullable(), token_type: z.string(), value: z.number().nonnegative() },
    'AddressTokensPage',
  ),
  addressTokenTransfers: page(tokenTransfer, { block_number: int, index: int }, 'AddressTokenTransfersPage'),
  addressTransactions: page(
    transaction,
    { block_number: int, index: int, items_count: int },
    'AddressTransactionsPage',
  ),
  addressInternalTransactions: page(
    internalTransaction,
    { block_number: int, index: int, items_count: int, transaction_index: int },
    'AddressInternalTransactionsPage',
  ),
  addressNftCollections: page(
    nftCollectionItem,
    { token_contract_address_hash: lowerAddressHash, token_type: z.string() },
    'AddressNftCollectionsPage',
  ),
  addressWithdrawals: page(addressWithdrawal, { index: int, items_count: int }, 'AddressWithdrawalsPage'),
  blocks: page(block, { block_number: int, items_count: int }, 'BlocksPage'),
  blockTransactions: page(transaction, { block_number: int, index: int, items_count: int }, 'BlockTransactionsPage'),
  transactionTokenTransfers: page(
    tokenTransfer,
    { batch_block_hash: hash32, batch_log_index: int, batch_transaction_hash: hash32, index_in_batch: int },
    'TransactionTokenTransfersPage',
  ),
  smartContract,
} as const;

export type ResponseName = keyof typeof responses;
