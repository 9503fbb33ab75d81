/**
 * The responses of the endpoints explorer pages call beyond the twelve. Both profiles answer them;
 * their bodies are Blockscout's (`schemas/api/v2/…` of blockscout/blockscout v11.2.7, and its views
 * where a controller builds the JSON by hand), holding each profile's own resource objects.
 */
import { z } from 'zod';
import {
  addressHash,
  anyCaseAddress,
  decodedLogInput,
  floatString,
  fullHash,
  hexString,
  integer,
  integerString,
  timestamp,
} from './blockscout/general.js';
import { blockType } from './block.js';
import { auditReport, hotContract, secondaryCoinMarketChart, verificationConfig } from './blockscout/frontendPages.js';
import { tokenType } from './token.js';
import { userOpsResponses } from './userOps.js';

/** A blob (EIP-4844) as `blob_view.ex` renders it: its versioned hash, its 131,072 bytes, KZG commitment and proof. */
const blob = z.strictObject({
  hash: fullHash,
  blob_data: hexString.nullable(),
  kzg_commitment: hexString.nullable(),
  kzg_proof: hexString.nullable(),
});

/** A beacon deposit (EIP-6110) as `deposit_view.ex` renders it (`Schemas.Beacon.Deposit`), with the profile's address references. */
const beaconDeposit = (r: Resources) =>
  z.strictObject({
    index: integer,
    transaction_hash: fullHash,
    block_hash: fullHash,
    block_number: integer,
    block_timestamp: timestamp,
    pubkey: z.string().regex(/^0x[0-9a-fA-F]{96}$/),
    withdrawal_credentials: fullHash,
    withdrawal_address: r.addressRef.nullable(),
    amount: integerString,
    signature: z.string().regex(/^0x[0-9a-fA-F]{192}$/),
    status: z.enum(['invalid', 'pending', 'completed']),
    from_address: r.addressRef,
  });

/** The resource objects a profile puts inside these responses. */
export interface Resources {
  readonly addressRef: z.ZodType;
  readonly token: z.ZodType;
  readonly tokenInstance: z.ZodType;
  readonly tokenInstanceInList: z.ZodType;
  /** A row of an address's token balances. */
  readonly tokenBalance: z.ZodType;
  readonly tokenTransfer: z.ZodType;
  /** A token transfer's `total`. */
  readonly tokenTransferTotal: z.ZodType;
  readonly transaction: z.ZodType;
  readonly transactionDetail: z.ZodType;
  /** A transaction in the mempool, as `/transactions?filter=pending` lists it and its detail shows it. */
  readonly pendingTransaction: z.ZodType;
  readonly pendingTransactionDetail: z.ZodType;
  readonly block: z.ZodType;
  readonly blockDetail: z.ZodType;
  readonly internalTransaction: z.ZodType;
  readonly withdrawal: z.ZodType;
  readonly blockWithdrawal: z.ZodType;
}

/** `General.paginated_response`: the explorer leaves `next_page_params` a free-form object. */
const paged = (item: z.ZodType) =>
  z.strictObject({
    items: z.array(item),
    next_page_params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
  });

const log = (r: Resources) =>
  z.strictObject({
    transaction_hash: fullHash,
    address: r.addressRef,
    topics: z
      .array(
        z
          .string()
          .regex(/^0x[0-9a-f]{64}$/)
          .nullable(),
      )
      .length(4),
    data: hexString,
    index: integer,
    decoded: decodedLogInput.nullable(),
    smart_contract: r.addressRef.nullable(),
    block_hash: fullHash,
    block_number: integer,
    block_timestamp: timestamp.nullable(),
  });

/** `Transaction.RawTrace`, widened where the explorer passes the node's Parity trace through: creations carry `init` and answer `address` and `code`; failed frames carry `error` instead of `result`. */
const hexQuantity = z.string().regex(/^0x[0-9a-f]+$/);
const rawTrace = z.array(
  z.strictObject({
    action: z.union([
      z.strictObject({
        callType: z.enum(['call', 'callcode', 'delegatecall', 'staticcall']),
        from: anyCaseAddress,
        to: anyCaseAddress,
        gas: hexQuantity,
        input: hexString,
        value: hexQuantity,
      }),
      z.strictObject({ from: anyCaseAddress, gas: hexQuantity, init: hexString, value: hexQuantity }),
    ]),
    result: z
      .union([
        z.strictObject({ gasUsed: hexQuantity, output: hexString }),
        z.strictObject({ address: anyCaseAddress, code: hexString, gasUsed: hexQuantity }),
      ])
      .optional(),
    error: z.string().optional(),
    subtraces: integer,
    traceAddress: z.array(integer),
    transactionHash: fullHash.nullable(),
    type: z.enum(['call', 'create', 'create2', 'reward', 'selfdestruct', 'stop', 'invalid']),
  }),
);

const stateChange = (r: Resources) =>
  z.strictObject({
    type: z.enum(['coin', 'token']),
    is_miner: z.boolean(),
    address: r.addressRef,
    balance_before: integerString.nullable(),
    balance_after: integerString.nullable(),
    change: integerString.nullable(),
    token: r.token.nullable(),
    token_id: integerString.nullable(),
  });

/** `Transaction.Summary`: templates whose variables are typed values; `null` for a failed transaction (the service's `{:ok, nil}`). */
const summary = (r: Resources) => {
  const variable = z.union([
    z.strictObject({ type: z.literal('address'), value: r.addressRef }),
    z.strictObject({ type: z.literal('token'), value: r.token }),
    z.strictObject({ type: z.enum(['currency', 'string', 'method']), value: z.string() }),
  ]);
  return z
    .strictObject({
      success: z.boolean(),
      data: z.strictObject({
        summaries: z.array(
          z.strictObject({ summary_template: z.string(), summary_template_variables: z.record(z.string(), variable) }),
        ),
      }),
    })
    .nullable();
};

const coinBalance = z.strictObject({
  transaction_hash: fullHash.nullable(),
  block_number: integer,
  delta: integerString,
  value: integerString,
  block_timestamp: timestamp,
});

const smartContractListItem = (r: Resources) =>
  z.strictObject({
    address: r.addressRef,
    compiler_version: z.string().nullable(),
    optimization_enabled: z.boolean().nullable(),
    transactions_count: integer.nullable(),
    language: z.enum(['solidity', 'vyper', 'yul', 'geas']).nullable(),
    verified_at: timestamp.nullable(),
    market_cap: floatString.nullable(),
    has_constructor_args: z.boolean().nullable(),
    coin_balance: integerString.nullable(),
    license_type: z.string().nullable(),
    certified: z.boolean(),
    reputation: z.string().nullable(),
  });

const holder = (r: Resources) =>
  z.strictObject({ address: r.addressRef, token_id: integerString.nullable(), value: integerString.nullable() });

const gasPrice = z.strictObject({
  price: z.number().nonnegative().nullable(),
  time: z.number().nonnegative().nullable(),
  fiat_price: floatString.nullable(),
  base_fee: z.number().nonnegative().nullable(),
  priority_fee: z.number().nonnegative().nullable(),
  priority_fee_wei: integerString.nullable(),
  wei: integerString.nullable(),
});

/** `Stats.Response`, with `gas_prices` in the oracle's full form. */
const stats = z.strictObject({
  total_blocks: integerString,
  total_addresses: integerString,
  total_transactions: integerString,
  average_block_time: z.number().nonnegative(),
  coin_image: z.string().nullable(),
  coin_price: floatString.nullable(),
  coin_price_change_percentage: z.number().nullable(),
  secondary_coin_image: z.string().nullable(),
  secondary_coin_price: floatString.nullable(),
  total_gas_used: integerString,
  transactions_today: integerString,
  gas_used_today: z.union([integerString, z.literal(0)]),
  gas_prices: z
    .strictObject({ slow: gasPrice.nullable(), average: gasPrice.nullable(), fast: gasPrice.nullable() })
    .nullable(),
  gas_prices_update_in: integer.nullable(),
  gas_price_updated_at: timestamp.nullable(),
  static_gas_price: integerString.nullable(),
  market_cap: floatString,
  tvl: integerString.nullable(),
  network_utilization_percentage: z.number().min(0).max(100).nullable(),
});

/** `SearchView.prepare_search_result`: one shape per result type. */
const searchResult = z.union([
  z.strictObject({
    type: z.literal('block'),
    block_number: integer,
    block_hash: fullHash,
    url: z.string(),
    timestamp,
    block_type: blockType,
    priority: integer,
  }),
  z.strictObject({
    type: z.literal('transaction'),
    transaction_hash: fullHash,
    url: z.string(),
    timestamp,
    priority: integer,
  }),
  z.strictObject({
    type: z.literal('token'),
    name: z.string().nullable(),
    symbol: z.string().nullable(),
    address_hash: addressHash,
    token_url: z.string(),
    address_url: z.string(),
    icon_url: z.string().nullable(),
    token_type: tokenType,
    is_smart_contract_verified: z.boolean(),
    exchange_rate: floatString.nullable(),
    total_supply: integerString.nullable(),
    circulating_market_cap: floatString.nullable(),
    is_verified_via_admin_panel: z.boolean(),
    certified: z.boolean(),
    priority: integer,
    reputation: z.enum(['ok', 'scam']),
    is_smart_contract_address: z.literal(true),
  }),
  z.strictObject({
    type: z.enum(['address', 'contract', 'label', 'ens_domain']),
    name: z.string().nullable(),
    address_hash: addressHash,
    url: z.string(),
    is_smart_contract_verified: z.boolean(),
    // What the name service (BENS) says of an ENS name: `Search.search_ens_name_in_bens`.
    ens_info: z
      .strictObject({
        address_hash: addressHash.nullable(),
        expiry_date: z.string().nullable(),
        name: z.string(),
        names_count: integer,
        protocol: z.record(z.string(), z.unknown()).nullable(),
        protocol_dapp_logo: z.string().nullable(),
        protocol_dapp_url: z.string().nullable(),
      })
      .nullable(),
    certified: z.boolean(),
    priority: integer,
    reputation: z.enum(['ok', 'scam']),
    is_smart_contract_address: z.boolean(),
  }),
]);

/** `AdvancedFilter` (`schemas/api/v2/advanced_filter.ex`): one row of the activity listing. */
const advancedFilterItem = (r: Resources) =>
  z.strictObject({
    hash: fullHash,
    type: z.enum([
      'coin_transfer',
      'contract_interaction',
      'contract_creation',
      'ERC-20',
      'ERC-721',
      'ERC-1155',
      'ERC-404',
      'ERC-7984',
    ]),
    status: z.string(),
    method: z.string().nullable(),
    from: r.addressRef.nullable(),
    to: r.addressRef.nullable(),
    created_contract: r.addressRef.nullable(),
    value: integerString.nullable(),
    total: r.tokenTransferTotal.nullable(),
    token: r.token.nullable(),
    timestamp,
    block_number: integer,
    transaction_index: integer,
    internal_transaction_index: integer.nullable(),
    token_transfer_index: integer.nullable(),
    token_transfer_batch_index: integer.nullable(),
    // The schema says non-null, but the explorer's view leaves a failed internal call's fee nil (no gas used is known).
    fee: integerString.nullable(),
  });

const advancedFilterCursor = z.strictObject({
  block_number: integer,
  transaction_index: integer,
  internal_transaction_index: integer.nullable(),
  token_transfer_index: integer.nullable(),
  token_transfer_batch_index: integer.nullable(),
  items_count: integer,
});

const contractMethod = z.strictObject({ method_id: z.string().regex(/^0x[0-9a-f]{8}$/), name: z.string() });

const counts = (...keys: string[]) => z.strictObject(Object.fromEntries(keys.map((k) => [k, integerString])));
const day = z.string().regex(/^\d{4}-\d\d-\d\d$/);

/** The response schema of each such endpoint, by path template under /api/v2. */
export function explorerPageResponses(r: Resources): Record<string, z.ZodType> {
  const transfers = paged(r.tokenTransfer);
  return {
    ...userOpsResponses(r.addressRef),
    '/blocks/{block_number_or_hash}': r.blockDetail,
    '/blocks/{block_number_or_hash}/withdrawals': paged(r.blockWithdrawal),
    '/blocks/{block_number_or_hash}/internal-transactions': paged(r.internalTransaction),
    '/transactions': paged(z.union([r.transaction, r.pendingTransaction])),
    '/transactions/stats': counts(
      'pending_transactions_count',
      'transaction_fees_avg_24h',
      'transaction_fees_sum_24h',
      'transactions_count_24h',
    ),
    '/transactions/{transaction_hash}': z.union([r.transactionDetail, r.pendingTransactionDetail]),
    '/transactions/{transaction_hash}/internal-transactions': paged(r.internalTransaction),
    '/transactions/{transaction_hash}/logs': paged(log(r)),
    '/transactions/{transaction_hash}/raw-trace': rawTrace,
    '/transactions/{transaction_hash}/state-changes': paged(stateChange(r)),
    '/transactions/{transaction_hash}/summary': summary(r),
    '/transactions/{transaction_hash}/blobs': z.strictObject({ items: z.array(blob), next_page_params: z.null() }),
    '/blobs/{blob_hash}': blob.extend({
      transaction_hashes: z.array(z.strictObject({ block_consensus: z.boolean(), transaction_hash: fullHash })),
    }),
    '/beacon/deposits': paged(beaconDeposit(r)),
    '/beacon/deposits/count': z.strictObject({ deposits_count: integer }),
    '/blocks/{block_number_or_hash}/beacon/deposits': paged(beaconDeposit(r)),
    '/transactions/{transaction_hash}/beacon/deposits': paged(beaconDeposit(r)),
    '/addresses/{address_hash}/beacon/deposits': paged(beaconDeposit(r)),
    '/addresses/{address_hash}/counters': counts(
      'transactions_count',
      'token_transfers_count',
      'gas_usage_count',
      'validations_count',
    ),
    '/addresses/{address_hash}/tabs-counters': z
      .strictObject(
        Object.fromEntries(
          [
            'transactions_count',
            'token_transfers_count',
            'token_balances_count',
            'logs_count',
            'withdrawals_count',
            'internal_transactions_count',
            'validations_count',
          ].map((k) => [k, integer.max(51)]),
        ),
      )
      .extend({ beacon_deposits_count: integer.max(51).optional() }),
    '/addresses/{address_hash}/coin-balance-history': paged(coinBalance),
    '/addresses/{address_hash}/coin-balance-history-by-day': z.strictObject({
      items: z.array(z.strictObject({ date: day, value: integerString })),
      days: integer,
    }),
    '/addresses/{address_hash}/logs': paged(log(r)),
    '/addresses/{address_hash}/blocks-validated': paged(r.block),
    '/addresses/{address_hash}/nft': paged(r.tokenInstanceInList),
    '/addresses/{address_hash}/token-balances': z.array(r.tokenBalance),
    '/tokens': paged(r.token),
    '/tokens/{address_hash}': r.token,
    '/tokens/{address_hash}/counters': counts('token_holders_count', 'transfers_count'),
    '/tokens/{address_hash}/transfers': transfers,
    '/tokens/{address_hash}/holders': paged(holder(r)),
    '/tokens/{address_hash}/instances': paged(r.tokenInstance),
    '/tokens/{address_hash}/instances/{token_id}': r.tokenInstance,
    '/tokens/{address_hash}/instances/{token_id}/transfers': transfers,
    '/tokens/{address_hash}/instances/{token_id}/transfers-count': z.strictObject({ transfers_count: integer }),
    '/tokens/{address_hash}/instances/{token_id}/holders': paged(holder(r)),
    '/token-transfers': transfers,
    '/internal-transactions': paged(r.internalTransaction),
    '/withdrawals': paged(r.withdrawal),
    '/withdrawals/counters': counts('withdrawals_count', 'withdrawals_sum'),
    '/smart-contracts': paged(smartContractListItem(r)),
    '/smart-contracts/verification/config': verificationConfig,
    '/smart-contracts/{address_hash}/audit-reports': paged(auditReport),
    '/smart-contracts/counters': counts(
      'smart_contracts',
      'new_smart_contracts_24h',
      'verified_smart_contracts',
      'new_verified_smart_contracts_24h',
    ),
    '/main-page/blocks': z.array(r.block).max(4),
    '/main-page/transactions': z.array(r.transaction).max(6),
    '/main-page/indexing-status': z.strictObject({
      finished_indexing_blocks: z.boolean(),
      finished_indexing: z.boolean(),
      indexed_blocks_ratio: floatString,
      indexed_internal_transactions_ratio: floatString.nullable(),
    }),
    '/stats': stats,
    '/stats/charts/transactions': z.strictObject({
      chart_data: z.array(z.strictObject({ date: day, transactions_count: integer })),
    }),
    '/stats/charts/market': z.strictObject({
      available_supply: floatString,
      chart_data: z.array(
        z.strictObject({ date: day, closing_price: floatString.nullable(), market_cap: floatString.nullable() }),
      ),
    }),
    '/stats/charts/secondary-coin-market': secondaryCoinMarketChart,
    '/stats/hot-smart-contracts': paged(hotContract(r.addressRef)),
    '/config/backend-version': z.strictObject({ backend_version: z.string().nullable() }),
    '/config/backend': z.strictObject({ chain_type: z.string().nullable(), openapi_spec_folder_name: z.string() }),
    '/config/csv-export': z.strictObject({ limit: integer, async_enabled: z.boolean() }),
    '/config/smart-contracts/languages': z.strictObject({ languages: z.array(z.string()) }),
    '/config/indexer': z.strictObject(
      Object.fromEntries(
        [
          'indexer_enabled',
          'internal_transactions_fetcher_enabled',
          'pending_transactions_fetcher_enabled',
          'block_reward_fetcher_enabled',
          'token_instance_retry_fetcher_enabled',
          'token_instance_sanitize_fetcher_enabled',
        ].map((k) => [k, z.boolean()]),
      ),
    ),
    '/blocks/{block_number_or_hash}/countdown': z.strictObject({
      current_block_number: integerString,
      countdown_block_number: integerString,
      remaining_blocks_count: integerString,
      // An Elixir float: `404868.0`, or `1.08e17` where that is shorter.
      estimated_time_in_seconds: z.string().regex(/^[0-9]+\.[0-9]+(e[0-9]+)?$/),
    }),
    '/advanced-filters': z.strictObject({
      items: z.array(advancedFilterItem(r)),
      search_params: z.strictObject({
        methods: z.record(z.string(), z.string()),
        tokens: z.record(z.string(), r.token),
      }),
      next_page_params: advancedFilterCursor.nullable(),
    }),
    '/advanced-filters/methods': z.array(contractMethod),
    '/search': paged(searchResult),
    '/search/quick': z.array(searchResult).max(50),
    '/search/check-redirect': z.strictObject({
      redirect: z.boolean(),
      type: z.enum(['address', 'block', 'transaction', 'user_operation', 'blob', 'ens_domain']).nullable(),
      parameter: z.string().nullable(),
    }),
  };
}
