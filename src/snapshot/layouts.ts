import type {
  Authorization,
  Blob,
  Block,
  ContractEvent,
  InternalTransaction,
  TokenTransfer,
  Transaction,
  Withdrawal,
} from '../chain/types.js';
import { TRANSACTION_TYPES } from '../protocol/transactionTypes.js';
import type { Field, FieldKind } from './columns.js';

/** The fields of an entity, in the order the chain builder creates them, with their column kinds. */
type Layout<T> = readonly (Field & { readonly name: keyof T & string })[];

/** A layout of every field but those only a client's transactions have, which no snapshot holds (`signed`, `raw`). */
const f = <T>(fields: Record<Exclude<keyof T & string, 'signed' | 'raw'>, FieldKind>): Layout<T> =>
  Object.entries(fields).map(([name, kind]) => ({ name, kind: kind as FieldKind })) as unknown as Layout<T>;

export const TRANSACTION = f<Transaction>({
  hash: 'hash',
  block: 'i32',
  position: 'i32',
  fromId: 'i32',
  toId: 'i32',
  createdId: 'i32',
  nonce: 'i32',
  type: { oneOf: TRANSACTION_TYPES.map((t) => t.id) },
  status: { oneOf: ['ok', 'error'] },
  value: 'bigint',
  gasLimit: 'f64',
  gasUsed: 'f64',
  gasPrice: 'bigint',
  maxFeePerGas: 'bigint?',
  maxPriorityFeePerGas: 'bigint?',
  call: 'value',
  types: 'i32',
  revertReason: 'text?',
  tokenTransferStart: 'i32',
  tokenTransferCount: 'i32',
  internalStart: 'i32',
  internalCount: 'i32',
  eventStart: 'i32',
  eventCount: 'i32',
  hasErrorInInternalTransactions: 'bool',
  actions: 'array',
  tag: 'text?',
});

export const TOKEN_TRANSFER = f<TokenTransfer>({
  transaction: 'i32',
  block: 'i32',
  logIndex: 'i32',
  tokenId: 'i32',
  fromId: 'i32',
  toId: 'i32',
  tokenIds: 'bigints?',
  amounts: 'bigints?',
});

export const INTERNAL_TRANSACTION = f<InternalTransaction>({
  transaction: 'i32',
  block: 'i32',
  transactionIndex: 'i32',
  index: 'i32',
  type: { oneOf: ['call', 'delegatecall', 'staticcall', 'create', 'create2', 'selfdestruct'] },
  fromId: 'i32',
  toId: 'i32',
  createdId: 'i32',
  value: 'bigint',
  gasLimit: 'bigint',
  success: 'bool',
  error: 'text?',
});

export const EVENT = f<ContractEvent>({
  transaction: 'i32',
  block: 'i32',
  index: 'i32',
  emitterId: 'i32',
  contractKind: 'text?',
  name: 'text?',
  args: 'value',
});

export const WITHDRAWAL = f<Withdrawal>({
  index: 'i32',
  validatorIndex: 'i32',
  receiverId: 'i32',
  amount: 'bigint',
  block: 'i32',
});

export const AUTHORIZATION = f<Authorization>({
  transaction: 'i32',
  block: 'i32',
  index: 'i32',
  authorityId: 'i32',
  delegateId: 'i32',
  chainId: 'f64',
  nonce: 'bigint',
  status: { oneOf: ['ok', 'invalid_chain_id', 'invalid_signature', 'invalid_nonce'] },
});

export const BLOB = f<Blob>({
  transaction: 'i32',
  block: 'i32',
  index: 'i32',
  body: 'i32',
  maxFeePerBlobGas: 'bigint',
});

export const BLOCK = f<Block>({
  type: { oneOf: ['block', 'uncle', 'reorg'] },
  height: 'i32',
  hash: 'hash',
  parentHash: 'hash',
  timestamp: 'f64',
  minerId: 'i32',
  nonce: 'hex',
  difficulty: 'bigint',
  totalDifficulty: 'bigint',
  size: 'f64',
  extraData: 'hex',
  stateRoot: 'hash',
  gasLimit: 'f64',
  gasUsed: 'f64',
  baseFeePerGas: 'bigint',
  priorityFee: 'bigint',
  transactionFees: 'bigint',
  transactionStart: 'i32',
  transactionCount: 'i32',
  withdrawalStart: 'i32',
  withdrawalCount: 'i32',
  unclesHashes: 'array',
  rewards: 'array',
  blobGasUsed: 'f64',
  excessBlobGas: 'f64',
});
