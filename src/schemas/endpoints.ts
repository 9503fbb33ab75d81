import type { z } from 'zod';
import { type ResponseName, responses } from './responses.js';
import { BLOCK_TRANSACTION_TYPES } from './transactionKinds.js';

export { BLOCK_TRANSACTION_TYPES };

/** A query parameter an endpoint reads: a filter or a cursor key. */
export interface QueryParameter {
  readonly name: string;
  readonly kind: 'filter' | 'cursor';
  readonly type: 'string' | 'integer' | 'number';
  readonly description: string;
  /** Allowed values of an enum filter (a comma list where `list` is set). */
  readonly values?: readonly string[];
  readonly list?: boolean;
  readonly pattern?: string;
}

export interface PathParameter {
  readonly name: string;
  readonly pattern: string;
  readonly description: string;
}

export interface Endpoint {
  readonly number: number;
  /** Under /api/v2. */
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly pathParameters: readonly PathParameter[];
  readonly query: readonly QueryParameter[];
  readonly response: ResponseName;
  /** Error statuses the endpoint can answer besides 200. */
  readonly errors: readonly (400 | 404 | 422)[];
}

const ADDRESS: PathParameter = {
  name: 'address_hash',
  pattern: '^0x[0-9a-fA-F]{40}$',
  description: 'Address, any letter case.',
};
const TX_HASH: PathParameter = {
  name: 'transaction_hash',
  pattern: '^0x[0-9a-fA-F]{64}$',
  description: 'Transaction hash, any letter case.',
};
const BLOCK_ID: PathParameter = {
  name: 'block_number_or_hash',
  pattern: '^([0-9]+|0x[0-9a-fA-F]{64})$',
  description: 'Block height or block hash.',
};
const TOKEN_TYPES = ['ERC-20', 'ERC-721', 'ERC-1155', 'ERC-404'];

const int = (name: string, description: string): QueryParameter => ({
  name,
  kind: 'cursor',
  type: 'integer',
  description,
});
const itemsCount = int('items_count', 'Cursor: items listed so far (a running total).');
const direction: QueryParameter = {
  name: 'filter',
  kind: 'filter',
  type: 'string',
  values: ['to', 'from'],
  description: 'Only items where the address is the receiver (`to`) or the sender (`from`).',
};
const typeList = (values: readonly string[]): QueryParameter => ({
  name: 'type',
  kind: 'filter',
  type: 'string',
  values,
  list: true,
  description: `Comma-separated token types, OR-combined, case-insensitive: ${values.join(', ')}.`,
});

/** The twelve endpoints: what the OpenAPI document describes and the tests check. */
export const endpoints: readonly Endpoint[] = [
  {
    number: 1,
    path: '/addresses',
    operationId: 'listAddresses',
    summary: 'Addresses with a positive balance, richest first, with the coin supply.',
    pathParameters: [],
    query: [
      {
        name: 'fetched_coin_balance',
        kind: 'cursor',
        type: 'string',
        pattern: '^[0-9]+$',
        description: 'Cursor: balance of the last address listed (wei).',
      },
      {
        name: 'hash',
        kind: 'cursor',
        type: 'string',
        pattern: '^0x[0-9a-fA-F]{40}$',
        description: 'Cursor: hash of the last address listed.',
      },
      itemsCount,
    ],
    response: 'addresses',
    errors: [422],
  },
  {
    number: 2,
    path: '/addresses/{address_hash}',
    operationId: 'getAddress',
    summary: 'One address; a stub for an address the chain has never seen.',
    pathParameters: [ADDRESS],
    query: [],
    response: 'address',
    errors: [422],
  },
  {
    number: 3,
    path: '/addresses/{address_hash}/tokens',
    operationId: 'listAddressTokens',
    summary:
      'Token balances of an address: one row per ERC-20 and ERC-721 contract, one per id otherwise, value descending.',
    pathParameters: [ADDRESS],
    query: [
      typeList(TOKEN_TYPES),
      itemsCount,
      {
        name: 'token_name',
        kind: 'cursor',
        type: 'string',
        description: 'Cursor: token name of the last row (`null` for none).',
      },
      {
        name: 'token_type',
        kind: 'cursor',
        type: 'string',
        values: TOKEN_TYPES,
        description: 'Cursor: token type of the last row.',
      },
      { name: 'value', kind: 'cursor', type: 'number', description: 'Cursor: value of the last row.' },
    ],
    response: 'addressTokens',
    errors: [422],
  },
  {
    number: 4,
    path: '/addresses/{address_hash}/token-transfers',
    operationId: 'listAddressTokenTransfers',
    summary: 'Token transfers from or to an address, newest first; ERC-1155 batches flattened.',
    pathParameters: [ADDRESS],
    query: [
      typeList(TOKEN_TYPES),
      direction,
      {
        name: 'token',
        kind: 'filter',
        type: 'string',
        pattern: '^0x[0-9a-fA-F]{40}$',
        description: 'Only transfers of this token contract.',
      },
      int('block_number', 'Cursor: block of the last transfer.'),
      int('index', 'Cursor: log index of the last transfer.'),
    ],
    response: 'addressTokenTransfers',
    errors: [422],
  },
  {
    number: 5,
    path: '/addresses/{address_hash}/transactions',
    operationId: 'listAddressTransactions',
    summary: 'Transactions from or to an address (or creating it), newest first.',
    pathParameters: [ADDRESS],
    query: [
      direction,
      int('block_number', 'Cursor: block of the last transaction.'),
      int('index', 'Cursor: position of the last transaction in its block.'),
      itemsCount,
    ],
    response: 'addressTransactions',
    errors: [422],
  },
  {
    number: 6,
    path: '/addresses/{address_hash}/internal-transactions',
    operationId: 'listAddressInternalTransactions',
    summary: 'Internal transactions from or to an address, newest first (top-level calls are not listed).',
    pathParameters: [ADDRESS],
    query: [
      direction,
      int('block_number', 'Cursor: block of the last item.'),
      int('index', 'Cursor: index of the last item in its call tree.'),
      itemsCount,
      int('transaction_index', 'Cursor: position of the last item’s transaction in its block.'),
    ],
    response: 'addressInternalTransactions',
    errors: [422],
  },
  {
    number: 7,
    path: '/addresses/{address_hash}/nft/collections',
    operationId: 'listAddressNftCollections',
    summary: 'NFT collections an address holds: ERC-721, then ERC-1155, then ERC-404, with up to 9 instances each.',
    pathParameters: [ADDRESS],
    query: [
      typeList(['ERC-721', 'ERC-1155', 'ERC-404']),
      {
        name: 'token_contract_address_hash',
        kind: 'cursor',
        type: 'string',
        pattern: '^0x[0-9a-fA-F]{40}$',
        description: 'Cursor: token of the last collection.',
      },
      {
        name: 'token_type',
        kind: 'cursor',
        type: 'string',
        values: ['ERC-721', 'ERC-1155', 'ERC-404'],
        description: 'Cursor: type of the last collection.',
      },
    ],
    response: 'addressNftCollections',
    errors: [422],
  },
  {
    number: 8,
    path: '/addresses/{address_hash}/withdrawals',
    operationId: 'listAddressWithdrawals',
    summary: 'Beacon-chain withdrawals credited to an address, index descending.',
    pathParameters: [ADDRESS],
    query: [int('index', 'Cursor: index of the last withdrawal.'), itemsCount],
    response: 'addressWithdrawals',
    errors: [422],
  },
  {
    number: 9,
    path: '/blocks',
    operationId: 'listBlocks',
    summary: 'Blocks, height descending: consensus blocks, uncles or reorged blocks.',
    pathParameters: [],
    query: [
      {
        name: 'type',
        kind: 'filter',
        type: 'string',
        values: ['block', 'uncle', 'reorg'],
        description: 'Kind of blocks (default `block`).',
      },
      int('block_number', 'Cursor: height of the last block.'),
      itemsCount,
    ],
    response: 'blocks',
    errors: [422],
  },
  {
    number: 10,
    path: '/blocks/{block_number_or_hash}/transactions',
    operationId: 'listBlockTransactions',
    summary: 'Transactions of a block, position ascending.',
    pathParameters: [BLOCK_ID],
    query: [
      {
        name: 'type',
        kind: 'filter',
        type: 'string',
        values: BLOCK_TRANSACTION_TYPES,
        description: 'Only transactions of one kind (as their `transaction_types` list it), case-insensitive.',
      },
      int('block_number', 'Cursor: the block’s height.'),
      int('index', 'Cursor: position of the last transaction.'),
      itemsCount,
    ],
    response: 'blockTransactions',
    errors: [404, 422],
  },
  {
    number: 11,
    path: '/transactions/{transaction_hash}/token-transfers',
    operationId: 'listTransactionTokenTransfers',
    summary: 'Token transfers of a transaction, log index ascending, ERC-1155 batches flattened.',
    pathParameters: [TX_HASH],
    query: [
      typeList(TOKEN_TYPES),
      {
        name: 'batch_block_hash',
        kind: 'cursor',
        type: 'string',
        pattern: '^0x[0-9a-fA-F]{64}$',
        description: 'Cursor: the transaction’s block hash.',
      },
      int('batch_log_index', 'Cursor: log index of the last item.'),
      {
        name: 'batch_transaction_hash',
        kind: 'cursor',
        type: 'string',
        pattern: '^0x[0-9a-fA-F]{64}$',
        description: 'Cursor: the transaction’s hash.',
      },
      int('index_in_batch', 'Cursor: position of the last item inside an ERC-1155 batch (0 otherwise).'),
      int('block_number', 'Cursor (the real explorer’s form): the block height.'),
      int('index', 'Cursor (the real explorer’s form): log index of the last item.'),
    ],
    response: 'transactionTokenTransfers',
    errors: [404, 422],
  },
  {
    number: 12,
    path: '/smart-contracts/{address_hash}',
    operationId: 'getSmartContract',
    summary: 'A contract’s verified source, ABI and bytecode; bytecode only when unverified.',
    pathParameters: [ADDRESS],
    query: [],
    response: 'smartContract',
    errors: [404, 422],
  },
];

/** The response schema of an endpoint. */
export const responseSchemaOf = (endpoint: Endpoint): z.ZodType => responses[endpoint.response];
