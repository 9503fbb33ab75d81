import { type AccountId, type Hex, NONE } from '../../chain/types.js';
import { coinSupply, unitsToDecimal } from '../../domain/amounts.js';
import { lazyModules } from '../../domain/lazyModules.js';
import { tokenOf } from '../../domain/tokens.js';
import { opsNewestFirst, type UserOperationFact, type UserOps, userOpByHash, userOpsOf } from '../../domain/userOps.js';
import { addressRef } from '../../views/addressRef.js';
import { isoTimestamp } from '../../views/isoTimestamp.js';
import { token } from '../../views/token.js';
import type { RestContext } from '../context.js';
import type { EndpointHandler } from '../endpoint.js';
import { type ApiResponse, jsonResponse } from '../response.js';

/**
 * The user-operations indexer (blockscout-rs `user-ops-indexer`, ERC-4337) as the explorer proxies
 * it under `/api/v2/proxy/account-abstraction/`: its lists with their own `page_size` (default 50,
 * at most 100) and `page_token` (the next page's first item's sort key, comma-separated), its
 * gRPC statuses for bad input (400 code 3) and unknown entities (404 code 5); the proxy's
 * address references in place of the address fields it knows, and its decoded call data.
 */

const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 100;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;

/** A gRPC status in the indexer's JSON. */
class IndexerError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
  }
}

const statusBody = (e: IndexerError): ApiResponse =>
  jsonResponse(e.status, { code: e.status === 404 ? 5 : 3, message: e.message, details: [] });

const handle =
  (answer: (ctx: RestContext, params: readonly string[], query: URLSearchParams) => unknown): EndpointHandler =>
  (ctx, params, query) => {
    try {
      return jsonResponse(200, answer(ctx, params, query));
    } catch (e) {
      if (e instanceof IndexerError) return statusBody(e);
      throw e;
    }
  };

const filterError = (value: string, field: string) =>
  new IndexerError(400, `invalid format '${value}' for filter ${field}`);

/** An address filter or path parameter: the account it names, NONE for one the chain has never seen. */
function addressOf(ctx: RestContext, value: string, field: string): AccountId {
  if (!ADDRESS.test(value)) throw filterError(value, field);
  return ctx.chain.accountByHash.get(value.toLowerCase()) ?? NONE;
}

function optionalAddress(ctx: RestContext, query: URLSearchParams, field: string): AccountId | undefined {
  const value = query.get(field);
  return value === null ? undefined : addressOf(ctx, value, field);
}

function pageSizeOf(query: URLSearchParams): number {
  const raw = query.get('page_size');
  if (raw === null) return DEFAULT_PAGE_SIZE;
  if (!/^\d+$/.test(raw) || Number(raw) > 2 ** 32 - 1)
    throw new IndexerError(400, `invalid format '${raw}' for page_size`);
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Number(raw)));
}

type Part = 'u64' | 'hash' | 'address';
const PART: Record<Part, RegExp> = { u64: /^\d{1,19}$/, hash: HASH, address: ADDRESS };

/** A page token's parts, checked as the indexer parses them. */
function pageTokenOf(query: URLSearchParams, parts: readonly Part[]): string[] | undefined {
  const raw = query.get('page_token');
  if (raw === null) return undefined;
  const values = raw.split(',');
  const problem =
    values.length !== parts.length
      ? `invalid format, expected ${parts.length} comma-separated values`
      : (() => {
          const bad = values.findIndex((v, i) => !PART[parts[i]!].test(v));
          return bad < 0 ? null : `invalid format '${values[bad]}' in part #${bad}`;
        })();
  if (problem !== null) throw new IndexerError(400, `invalid format '${raw}' for page_token: ${problem}`);
  return values.map((v) => v.toLowerCase());
}

/** Items sorted by `key` (compared as the indexer's order says), from the token's item on, one page. */
function pageOf<T>(
  sorted: readonly T[],
  keyOf: (item: T) => string[],
  token: string[] | undefined,
  after: (key: string[], token: string[]) => boolean,
  size: number,
): { items: T[]; next: string | null } {
  const start = token === undefined ? 0 : sorted.findIndex((item) => !after(keyOf(item), token));
  const from = start < 0 ? sorted.length : start;
  const items = sorted.slice(from, from + size);
  const next = sorted[from + size];
  return { items, next: next === undefined ? null : keyOf(next).join(',') };
}

/** Compares keys part by part: numbers (u64 strings) numerically, hex by value. */
function compareKeys(a: string[], b: string[]): number {
  for (let i = 0; i < a.length; i++) {
    const [x, y] = [BigInt(a[i]!), BigInt(b[i]!)];
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

const paged = <T>(page: { items: T[]; next: string | null }, size: number, render: (item: T) => unknown) => ({
  items: page.items.map(render),
  next_page_params: page.next === null ? null : { page_token: page.next, page_size: size },
});

const ref = (ctx: RestContext, id: AccountId | null) => (id === null || id === NONE ? null : addressRef(ctx, id));
const versionOf = (op: UserOperationFact) => (op.version === '0.6' ? 'v0.6' : 'v0.7');
/** A nonce as the indexer prints it: 32 bytes (its key in the top 24, its sequence in the low 8). */
const word = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`;
const timeOf = (ctx: RestContext, block: number) => isoTimestamp(ctx.chain.blocks.at(block)!.timestamp);

/** An operation as the indexer lists it. */
export function listOpJson(ctx: RestContext, op: UserOperationFact) {
  return {
    hash: op.hash,
    entry_point: addressRef(ctx, op.entryPointId),
    entry_point_version: versionOf(op),
    block_number: String(op.block),
    transaction_hash: ctx.chain.transactions.at(op.transaction)!.hash,
    address: addressRef(ctx, op.senderId),
    timestamp: timeOf(ctx, op.block),
    status: op.status,
    fee: String(op.fee),
  };
}

/** The explorer's decoding of an operation's call data (the account's ABI) and of its `execute` call (the target's). */
function decoded(ctx: RestContext, op: UserOperationFact) {
  const coder = lazyModules.abi.get();
  const call = coder.decodeCall('smart-account', op.raw.callData);
  const targetId = op.executeTarget === null ? undefined : ctx.chain.accountByHash.get(op.executeTarget.toLowerCase());
  const targetKind = targetId === undefined ? undefined : ctx.chain.accounts[targetId]!.contract?.kind;
  const inner =
    op.executeCallData && op.executeCallData !== '0x' && targetKind && targetKind !== 'custom'
      ? coder.decodeCall(targetKind, op.executeCallData)
      : null;
  // The explorer's decoded input: its method id without 0x.
  const view = (c: NonNullable<typeof call>) => {
    const v = coder.decodedInputView(c);
    return { ...v, method_id: v.method_id.slice(2) };
  };
  return {
    decoded_call_data: call ? view(call) : null,
    execute_target: targetId === undefined ? null : addressRef(ctx, targetId),
    execute_call_data: op.executeCallData,
    decoded_execute_call_data: inner ? view(inner) : null,
  };
}

function rawJson(op: UserOperationFact) {
  const r = op.raw;
  const common = {
    sender: r.sender,
    nonce: word(r.nonce),
    init_code: r.initCode,
    call_data: r.callData,
  };
  return op.version === '0.6'
    ? {
        ...common,
        call_gas_limit: String(r.callGasLimit),
        verification_gas_limit: String(r.verificationGasLimit),
        pre_verification_gas: String(r.preVerificationGas),
        max_fee_per_gas: String(r.maxFeePerGas),
        max_priority_fee_per_gas: String(r.maxPriorityFeePerGas),
        paymaster_and_data: r.paymasterAndData,
        signature: r.signature,
      }
    : {
        ...common,
        account_gas_limits: r.accountGasLimits!,
        pre_verification_gas: String(r.preVerificationGas),
        gas_fees: r.gasFees!,
        paymaster_and_data: r.paymasterAndData,
        signature: r.signature,
      };
}

/** An operation in detail, as the proxy answers it. */
export function operationJson(ctx: RestContext, op: UserOperationFact) {
  const tx = ctx.chain.transactions.at(op.transaction)!;
  const block = ctx.chain.blocks.at(op.block)!;
  return {
    hash: op.hash,
    sender: addressRef(ctx, op.senderId),
    nonce: word(op.raw.nonce),
    call_data: op.raw.callData,
    ...decoded(ctx, op),
    call_gas_limit: String(op.raw.callGasLimit),
    verification_gas_limit: String(op.raw.verificationGasLimit),
    pre_verification_gas: String(op.raw.preVerificationGas),
    max_fee_per_gas: String(op.raw.maxFeePerGas),
    max_priority_fee_per_gas: String(op.raw.maxPriorityFeePerGas),
    signature: op.raw.signature,
    raw: rawJson(op),
    aggregator: null,
    aggregator_signature: null,
    entry_point: addressRef(ctx, op.entryPointId),
    entry_point_version: versionOf(op),
    transaction_hash: tx.hash,
    block_number: String(op.block),
    block_hash: block.hash,
    bundler: addressRef(ctx, op.bundlerId),
    bundle_index: op.bundleIndex,
    index: op.index,
    factory: ref(ctx, op.factoryId),
    paymaster: ref(ctx, op.paymasterId),
    status: op.status,
    revert_reason: op.revertReason,
    gas: String(op.gas),
    gas_price: String(op.gasPrice),
    gas_used: String(op.gasUsed),
    sponsor_type: op.sponsorType,
    user_logs_start_index: op.userLogsStart,
    user_logs_count: op.userLogsCount,
    fee: String(op.fee),
    consensus: true,
    timestamp: isoTimestamp(block.timestamp),
  };
}

function opOf(ctx: RestContext, raw: string): UserOperationFact {
  if (!HASH.test(raw)) throw filterError(raw, 'hash');
  const op = userOpByHash(ctx.facts, raw);
  if (!op) throw new IndexerError(404, 'user operation not found');
  return op;
}

const opKey = (op: UserOperationFact) => [String(op.block), op.hash.toLowerCase()];

export const operations = handle((ctx, _params, query) => {
  const all = userOpsOf(ctx.facts);
  const filters: [string, (op: UserOperationFact, id: AccountId) => boolean][] = [
    ['sender', (op, id) => op.senderId === id],
    ['bundler', (op, id) => op.bundlerId === id],
    ['paymaster', (op, id) => op.paymasterId === id],
    ['factory', (op, id) => op.factoryId === id],
    ['entry_point', (op, id) => op.entryPointId === id],
  ];
  const tests = filters.flatMap(([field, test]) => {
    const id = optionalAddress(ctx, query, field);
    return id === undefined ? [] : [(op: UserOperationFact) => id !== NONE && test(op, id)];
  });
  const txHash = query.get('transaction_hash');
  if (txHash !== null) {
    if (!HASH.test(txHash)) throw filterError(txHash, 'transaction_hash');
    const lower = txHash.toLowerCase();
    tests.push((op) => ctx.chain.transactions.at(op.transaction)!.hash === lower);
  }
  const blockNumber = query.get('block_number');
  if (blockNumber !== null) {
    if (!/^\d{1,19}$/.test(blockNumber)) throw filterError(blockNumber, 'block_number');
    tests.push((op) => op.block === Number(blockNumber));
  }
  const size = pageSizeOf(query);
  const pageToken = pageTokenOf(query, ['u64', 'hash']);
  const ops = opsNewestFirst(ctx.facts)
    .map((i) => all.ops[i]!)
    .filter((op) => tests.every((t) => t(op)));
  const page = pageOf(ops, opKey, pageToken, (key, t) => compareKeys(key, t) > 0, size);
  return paged(page, size, (op) => listOpJson(ctx, op));
});

export const operation = handle((ctx, params) => operationJson(ctx, opOf(ctx, params[0]!)));

/** The explorer's interpretation of an operation: its call, then the coin and tokens it moved. */
export const operationSummary = handle((ctx, params) => {
  const op = opOf(ctx, params[0]!);
  const { chain } = ctx;
  const address = (id: AccountId) => ({ type: 'address', value: addressRef(ctx, id) });
  const summaries: unknown[] = [];
  const call = lazyModules.abi.get().decodeCall('smart-account', op.raw.callData);
  if (op.executeTarget !== null) {
    const target = chain.accountByHash.get(op.executeTarget.toLowerCase());
    if (target !== undefined && call)
      summaries.push({
        summary_template: 'Called {method} on {to}',
        summary_template_variables: {
          method: { type: 'method', value: call.functionName },
          to: address(target),
        },
      });
  }
  if (op.status) {
    const tx = chain.transactions.at(op.transaction)!;
    for (let i = tx.internalStart; i < tx.internalStart + tx.internalCount; i++) {
      const internal = chain.internalTransactions.at(i)!;
      if (
        internal.fromId === op.senderId &&
        internal.value > 0n &&
        internal.toId !== op.entryPointId &&
        internal.success
      )
        summaries.push({
          summary_template: 'Sent {amount} {native} to {to}',
          summary_template_variables: {
            amount: { type: 'currency', value: coinSupply(internal.value) },
            native: { type: 'string', value: 'ETH' },
            to: address(internal.toId),
          },
        });
    }
    for (let t = tx.tokenTransferStart; t < tx.tokenTransferStart + tx.tokenTransferCount; t++) {
      const transfer = chain.tokenTransfers.at(t)!;
      if (transfer.fromId !== op.senderId) continue;
      const info = tokenOf(ctx.facts, transfer.tokenId);
      summaries.push({
        summary_template: 'Transferred {amount} {token} to {to}',
        summary_template_variables: {
          amount: { type: 'currency', value: unitsToDecimal(transfer.amounts[0]!, info.decimals) },
          token: { type: 'token', value: token(ctx, transfer.tokenId) },
          to: address(transfer.toId),
        },
      });
    }
  }
  return { success: true, data: { summaries } };
});

/** A smart account: its creation (factory, operation, transaction) and its operations' count. */
export function accountJson(ctx: RestContext, all: UserOps, id: AccountId) {
  const account = all.accounts.get(id)!;
  const creation = account.creationOp === null ? null : all.ops[account.creationOp]!;
  return {
    address: addressRef(ctx, id),
    factory: creation ? ref(ctx, creation.factoryId) : null,
    creation_transaction_hash: creation ? ctx.chain.transactions.at(creation.transaction)!.hash : null,
    creation_op_hash: creation ? creation.hash : null,
    creation_timestamp: creation ? timeOf(ctx, creation.block) : null,
    total_ops: account.ops.length,
  };
}

/** An entity of one of the indexer's address-keyed tables, or its 404. */
function known(ctx: RestContext, raw: string, table: ReadonlyMap<AccountId, unknown>, what: string): AccountId {
  const id = addressOf(ctx, raw, 'address');
  if (id === NONE || !table.has(id)) throw new IndexerError(404, `${what} not found`);
  return id;
}

const lowerHash = (ctx: RestContext, id: AccountId) => ctx.chain.accounts[id]!.lower;

export const accounts = handle((ctx, _params, query) => {
  const all = userOpsOf(ctx.facts);
  const factory = optionalAddress(ctx, query, 'factory');
  const size = pageSizeOf(query);
  const pageToken = pageTokenOf(query, ['address']);
  const ids = [...all.accounts.keys()]
    .filter((id) => factory === undefined || (factory !== NONE && accountFactory(all, id) === factory))
    .sort((a, b) => compareKeys([lowerHash(ctx, a)], [lowerHash(ctx, b)]));
  // Ascending by address, from the token's address on.
  const page = pageOf(
    ids,
    (id) => [lowerHash(ctx, id)],
    pageToken,
    (key, t) => compareKeys(key, t) < 0,
    size,
  );
  return paged(page, size, (id) => accountJson(ctx, all, id));
});

const accountFactory = (all: UserOps, id: AccountId): AccountId | null => {
  const creation = all.accounts.get(id)!.creationOp;
  return creation === null ? null : all.ops[creation]!.factoryId;
};

export const account = handle((ctx, params) => {
  const all = userOpsOf(ctx.facts);
  return accountJson(ctx, all, known(ctx, params[0]!, all.accounts, 'account'));
});

/** A bundle: one handleOps transaction. */
export const bundleJson = (ctx: RestContext, b: UserOps['bundles'][number]) => ({
  transaction_hash: ctx.chain.transactions.at(b.transaction)!.hash,
  bundler: addressRef(ctx, b.bundlerId),
  block_number: String(b.block),
  bundle_index: b.bundleIndex,
  timestamp: timeOf(ctx, b.block),
  total_ops: b.ops.length,
});

export const bundles = handle((ctx, _params, query) => {
  const all = userOpsOf(ctx.facts);
  const bundler = optionalAddress(ctx, query, 'bundler');
  const entryPoint = optionalAddress(ctx, query, 'entry_point');
  const size = pageSizeOf(query);
  const pageToken = pageTokenOf(query, ['u64', 'hash', 'u64']);
  const keyOf = (b: (typeof all.bundles)[number]) => [
    String(b.block),
    ctx.chain.transactions.at(b.transaction)!.hash,
    String(b.bundleIndex),
  ];
  const list = all.bundles
    .filter((b) => bundler === undefined || b.bundlerId === bundler)
    .filter((b) => entryPoint === undefined || b.entryPointId === entryPoint)
    .slice()
    .sort((a, b) => -compareKeys(keyOf(a), keyOf(b)));
  const page = pageOf(list, keyOf, pageToken, (key, t) => compareKeys(key, t) > 0, size);
  return paged(page, size, (b) => bundleJson(ctx, b));
});

/** A ranked list (most operations first, then address descending), paged by `count,address`. */
function ranked<T>(
  ctx: RestContext,
  query: URLSearchParams,
  table: ReadonlyMap<AccountId, T>,
  count: (value: T) => number,
  render: (id: AccountId, value: T) => unknown,
) {
  const size = pageSizeOf(query);
  const pageToken = pageTokenOf(query, ['u64', 'address']);
  const keyOf = (id: AccountId) => [String(count(table.get(id)!)), lowerHash(ctx, id)];
  const ids = [...table.keys()].sort((a, b) => -compareKeys(keyOf(a), keyOf(b)));
  const page = pageOf(ids, keyOf, pageToken, (key, t) => compareKeys(key, t) > 0, size);
  return paged(page, size, (id) => render(id, table.get(id)!));
}

const bundlerJson = (ctx: RestContext, id: AccountId, b: { bundles: number; ops: number }) => ({
  address: addressRef(ctx, id),
  total_bundles: b.bundles,
  total_ops: b.ops,
});
export const bundlers = handle((ctx, _params, query) =>
  ranked(
    ctx,
    query,
    userOpsOf(ctx.facts).bundlers,
    (b) => b.ops,
    (id, b) => bundlerJson(ctx, id, b),
  ),
);
export const bundler = handle((ctx, params) => {
  const table = userOpsOf(ctx.facts).bundlers;
  const id = known(ctx, params[0]!, table, 'bundler');
  return bundlerJson(ctx, id, table.get(id)!);
});

const paymasterJson = (ctx: RestContext, id: AccountId, ops: number) => ({
  address: addressRef(ctx, id),
  total_ops: ops,
});
export const paymasters = handle((ctx, _params, query) =>
  ranked(
    ctx,
    query,
    userOpsOf(ctx.facts).paymasters,
    (n) => n,
    (id, n) => paymasterJson(ctx, id, n),
  ),
);
export const paymaster = handle((ctx, params) => {
  const table = userOpsOf(ctx.facts).paymasters;
  const id = known(ctx, params[0]!, table, 'paymaster');
  return paymasterJson(ctx, id, table.get(id)!);
});

const factoryJson = (ctx: RestContext, id: AccountId, n: number) => ({
  address: addressRef(ctx, id),
  total_accounts: n,
});
export const factories = handle((ctx, _params, query) =>
  ranked(
    ctx,
    query,
    userOpsOf(ctx.facts).factories,
    (n) => n,
    (id, n) => factoryJson(ctx, id, n),
  ),
);
export const factory = handle((ctx, params) => {
  const table = userOpsOf(ctx.facts).factories;
  const id = known(ctx, params[0]!, table, 'factory');
  return factoryJson(ctx, id, table.get(id)!);
});

/** The indexer's status: both EntryPoints indexed, past and live. */
export const status = handle(() => {
  const done = {
    enabled: true,
    live: true,
    past_db_logs_indexing_finished: true,
    past_rpc_logs_indexing_finished: true,
  };
  return { finished_past_indexing: true, v06: done, v07: done };
});

/** Example entities for each route (an export's URLs): the chain's first operation, its sender, a bundler, a paymaster, a factory. */
export function userOpsExamples(ctx: Pick<RestContext, 'facts' | 'chain'>): Record<string, Hex> | null {
  const all = userOpsOf(ctx.facts);
  const op = all.ops[0];
  if (!op) return null;
  const hash = (id: AccountId) => ctx.chain.accounts[id]!.hash;
  const [paymasterId] = all.paymasters.keys();
  const [factoryId] = all.factories.keys();
  return {
    operation: op.hash,
    account: hash(op.senderId),
    bundler: hash(op.bundlerId),
    paymaster: hash(paymasterId ?? op.entryPointId),
    factory: hash(factoryId ?? op.entryPointId),
  };
}
