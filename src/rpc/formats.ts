/**
 * Blocks, transactions, receipts and logs as an Ethereum node answers them (geth's JSON: blocks
 * and receipts with their keys in alphabetical order, transactions and logs in its struct order,
 * quantities in hex, addresses in lower case), from the chain's facts. The chain has no
 * signatures or tries of its own: `v`, `r`, `s` and the roots are commitments to what the block
 * holds, the same at every call; a block's and a receipt's logs bloom is computed from its logs.
 */
import { createHash } from 'node:crypto';
import { logsOfTransaction } from '../chain/logs.js';
import { type Block, NONE, type Transaction } from '../chain/types.js';
import { encodedLogOf, logEventOf } from '../domain/logs.js';
import { blockBloom, transactionBloom } from '../domain/logsBloom.js';
import { cumulativeGasUsed, inputOf } from '../domain/transactions.js';
import type { PendingTransaction } from '../domain/mempool.js';
import { pendingOfferOf } from '../domain/pendingOffer.js';
import { authorizationSignatureOf, authorizationsOf } from '../domain/delegations.js';
import { blobTransactionOf, hasBlobs } from '../domain/blobs.js';
import { cachedRpcJson, pendingContext, type RpcContext } from './context.js';
import { quantity } from './quantity.js';
import { vOf } from '../protocol/signedTransaction.js';
import { transactionType } from '../protocol/transactionTypes.js';

type Hex = `0x${string}`;

/** The root of an empty trie (transactions, receipts, withdrawals) and the hash of an empty uncle list. */
export const EMPTY_ROOT = '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421';
export const EMPTY_UNCLES = '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347';

/** A 32-byte commitment to `parts` under `label`: what a synthetic root or signature value is. */
const commitment = (label: string, ...parts: string[]): Hex =>
  `0x${createHash('sha256').update(label).update(parts.join(',')).digest('hex')}`;

const lower = (ctx: RpcContext, id: number) => ctx.chain.accounts[id]!.lower;

/** A log's JSON (memoised): what `eth_getLogs`, filters and subscriptions list. */
export const rpcLogJson = (ctx: RpcContext, ref: number): string =>
  cachedRpcJson(ctx, `log:${ref}`, () => rpcLog(ctx, ref));

/** A log as the node lists it (`removed` is false: the chain's logs are canonical). */
export function rpcLog(ctx: RpcContext, ref: number) {
  const e = logEventOf(ctx.facts, ref);
  const tx = ctx.chain.transactions.at(e.transaction)!;
  const block = ctx.chain.blocks.at(e.block)!;
  const { topics, data } = encodedLogOf(ctx.facts, ref);
  return {
    address: lower(ctx, e.emitterId),
    topics: topics.filter((t): t is string => t !== null),
    data,
    blockNumber: quantity(e.block),
    transactionHash: tx.hash,
    transactionIndex: quantity(tx.position),
    blockHash: block.hash,
    blockTimestamp: quantity(block.timestamp),
    logIndex: quantity(e.index),
    removed: false,
  };
}

/** The signature values a transaction shows: commitments to its hash (the chain signs nothing). */
function signatureOf(ctx: RpcContext, tx: Transaction) {
  // A sent transaction shows the signature it was sent with.
  if (tx.signed) {
    const { v, r, s, yParity } = tx.signed;
    return { v: quantity(v), r: quantity(r), s: quantity(s), yParity: quantity(yParity) };
  }
  const yParity = Number.parseInt(tx.hash.slice(-1), 16) & 1;
  // Quantities, as geth writes r and s (no leading zeros); s in the lower half of the curve order, as signers make it.
  const r = quantity(BigInt(commitment('r', tx.hash)));
  const s = quantity(BigInt(`0x0${commitment('s', tx.hash).slice(3)}`));
  return { v: quantity(vOf(transactionType(tx.type).typed, ctx.chainId, yParity)), r, s, yParity: quantity(yParity) };
}

/** A set-code transaction's authorizations as geth lists them (`SetCodeAuthorization`'s JSON: quantities, the address lower-case). */
function rpcAuthorizationList(ctx: RpcContext, index: number) {
  return authorizationsOf(ctx.chain, index).map((a) => {
    const { yParity, r, s } = authorizationSignatureOf(ctx.chain, a);
    return {
      chainId: quantity(a.chainId),
      address: lower(ctx, a.delegateId),
      nonce: quantity(a.nonce),
      yParity: quantity(yParity),
      r: quantity(r),
      s: quantity(s),
    };
  });
}

/** A mined transaction as `eth_getTransactionByHash` answers it (geth's field order). */
export const rpcTransaction = (ctx: RpcContext, index: number): object => {
  const tx = ctx.chain.transactions.at(index)!;
  const block = ctx.chain.blocks.at(tx.block)!;
  const { v, r, s, yParity } = signatureOf(ctx, tx);
  const type = transactionType(tx.type);
  const blobs = type.carriesBlobs ? blobTransactionOf(ctx.chain, index) : null;
  return {
    blockHash: block.hash,
    blockNumber: quantity(tx.block),
    blockTimestamp: quantity(block.timestamp),
    from: lower(ctx, tx.fromId),
    gas: quantity(tx.gasLimit),
    gasPrice: quantity(tx.gasPrice),
    ...(type.feeMarket
      ? { maxFeePerGas: quantity(tx.maxFeePerGas!), maxPriorityFeePerGas: quantity(tx.maxPriorityFeePerGas!) }
      : {}),
    ...(blobs ? { maxFeePerBlobGas: quantity(blobs.maxFeePerBlobGas) } : {}),
    hash: tx.hash,
    input: inputOf(ctx.facts, index),
    nonce: quantity(tx.nonce),
    to: tx.toId === NONE ? null : lower(ctx, tx.toId),
    transactionIndex: quantity(tx.position),
    value: quantity(tx.value),
    type: quantity(tx.type),
    ...(type.accessList ? { accessList: tx.signed?.accessList ?? [] } : {}),
    chainId: quantity(ctx.chainId),
    ...(blobs ? { blobVersionedHashes: blobs.versionedHashes } : {}),
    ...(type.setsCode ? { authorizationList: rpcAuthorizationList(ctx, index) } : {}),
    v,
    r,
    s,
    ...(type.typed ? { yParity } : {}),
  };
};

/**
 * A transaction waiting in the mempool, as a node shows it: its block fields null, `gasPrice` the
 * price offered. A cheaper competitor is its rival under its own hash, at 10% lower prices. Null
 * when the context has no mempool.
 */
export function rpcPendingTransaction(ctx: RpcContext, pending: PendingTransaction): object | null {
  const ahead = pendingContext(ctx);
  if (!ahead) return null;
  const mined = rpcTransaction(ahead, pending.index) as Record<string, unknown>;
  const offer = pendingOfferOf(ahead.chain.transactions.at(pending.index)!, pending.competitor);
  return {
    ...mined,
    blockHash: null,
    blockNumber: null,
    blockTimestamp: null,
    gasPrice: quantity(offer.gasPrice),
    ...(offer.maxFeePerGas !== null && offer.maxPriorityFeePerGas !== null
      ? { maxFeePerGas: quantity(offer.maxFeePerGas), maxPriorityFeePerGas: quantity(offer.maxPriorityFeePerGas) }
      : {}),
    hash: pending.hash,
    transactionIndex: null,
  };
}

/** The JSON of a mined transaction (memoised). */
export const rpcTransactionJson = (ctx: RpcContext, index: number): string =>
  cachedRpcJson(ctx, `tx:${index}`, () => rpcTransaction(ctx, index));

/** A mined transaction's receipt (geth's keys, alphabetical). */
export const rpcReceiptJson = (ctx: RpcContext, index: number): string =>
  cachedRpcJson(ctx, `receipt:${index}`, () => {
    const tx = ctx.chain.transactions.at(index)!;
    const block = ctx.chain.blocks.at(tx.block)!;
    const logs = logsOfTransaction(tx);
    const blobs = blobTransactionOf(ctx.chain, index);
    // geth writes a receipt's keys in order; a blob transaction's blob gas and its price come first.
    return {
      ...(blobs ? { blobGasPrice: quantity(blobs.blobGasPrice), blobGasUsed: quantity(blobs.blobGasUsed) } : {}),
      blockHash: block.hash,
      blockNumber: quantity(tx.block),
      contractAddress: tx.createdId === NONE ? null : lower(ctx, tx.createdId),
      cumulativeGasUsed: quantity(cumulativeGasUsed(ctx.facts, index)),
      effectiveGasPrice: quantity(tx.gasPrice),
      from: lower(ctx, tx.fromId),
      gasUsed: quantity(tx.gasUsed),
      logs: logs.map((ref) => rpcLog(ctx, ref)),
      logsBloom: transactionBloom(ctx.facts, tx),
      status: tx.status === 'ok' ? '0x1' : '0x0',
      to: tx.toId === NONE ? null : lower(ctx, tx.toId),
      transactionHash: tx.hash,
      transactionIndex: quantity(tx.position),
      type: quantity(tx.type),
    };
  });

/** The header fields of a block, uncles' included (geth's keys, alphabetical; `transactions` goes between). */
function header(ctx: RpcContext, block: Block) {
  const hashes = [];
  for (let t = block.transactionStart; t < block.transactionStart + block.transactionCount; t++)
    hashes.push(ctx.chain.transactions.at(t)!.hash);
  const consensus = block.type === 'block';
  const blobs = hasBlobs(ctx.chain);
  return {
    before: {
      baseFeePerGas: quantity(block.baseFeePerGas),
      ...(blobs ? { blobGasUsed: quantity(block.blobGasUsed) } : {}),
      difficulty: quantity(block.difficulty),
      ...(blobs ? { excessBlobGas: quantity(block.excessBlobGas) } : {}),
      extraData: block.extraData,
      gasLimit: quantity(block.gasLimit),
      gasUsed: quantity(block.gasUsed),
      hash: block.hash,
      logsBloom: blockBloom(ctx.facts, block),
      miner: lower(ctx, block.minerId),
      mixHash: commitment('mix', block.hash),
      nonce: block.nonce,
      number: quantity(block.height),
      parentHash: block.parentHash,
      receiptsRoot: consensus && hashes.length ? commitment('receipts', ...hashes) : EMPTY_ROOT,
      sha3Uncles: block.unclesHashes.length ? commitment('uncles', ...block.unclesHashes) : EMPTY_UNCLES,
      size: quantity(block.size),
      stateRoot: block.stateRoot,
      timestamp: quantity(block.timestamp),
    },
    hashes: consensus ? hashes : [],
    after: {
      transactionsRoot: consensus && hashes.length ? commitment('transactions', ...hashes) : EMPTY_ROOT,
      uncles: [...block.unclesHashes],
    },
  };
}

/** A withdrawal as a block lists it: the amount in gwei. */
const rpcWithdrawal = (ctx: RpcContext, w: number) => {
  const withdrawal = ctx.chain.withdrawals.at(w)!;
  return {
    index: quantity(withdrawal.index),
    validatorIndex: quantity(withdrawal.validatorIndex),
    address: lower(ctx, withdrawal.receiverId),
    amount: quantity(withdrawal.amount / 10n ** 9n),
  };
};

const withdrawalsOf = (ctx: RpcContext, block: Block) => {
  const withdrawals = [];
  for (let w = block.withdrawalStart; w < block.withdrawalStart + block.withdrawalCount; w++)
    withdrawals.push(rpcWithdrawal(ctx, w));
  return withdrawals;
};

/** The synthetic root of a block's withdrawals (it has some). */
const withdrawalsRootOf = (ctx: RpcContext, block: Block): Hex =>
  commitment('withdrawals', ...withdrawalsOf(ctx, block).map((w) => `${w.index}:${w.address}:${w.amount}`));

const TRANSACTIONS = '\u0000transactions';

/** A block as `eth_getBlockBy*` answers it, with transaction hashes or whole transactions (their own JSON, joined in). */
export function rpcBlockJson(ctx: RpcContext, block: Block, fullTransactions: boolean): string {
  const key = `block:${block.hash}:${fullTransactions ? 1 : 0}`;
  const hit = ctx.json.peek(key);
  if (hit !== undefined) return hit;
  const { before, hashes, after } = header(ctx, block);
  const withdrawals = withdrawalsOf(ctx, block);
  const json = JSON.stringify({
    ...before,
    transactions: fullTransactions ? TRANSACTIONS : hashes,
    ...after,
    withdrawals,
    withdrawalsRoot: withdrawals.length ? withdrawalsRootOf(ctx, block) : EMPTY_ROOT,
  });
  const full = fullTransactions
    ? json.replace(
        JSON.stringify(TRANSACTIONS),
        `[${hashes.map((_, k) => rpcTransactionJson(ctx, block.transactionStart + k)).join(',')}]`,
      )
    : json;
  return ctx.json.set(key, full);
}

/**
 * A block's header as a `newHeads` subscription pushes it: geth's header encoding (gencodec, in
 * its struct's order), not the block JSON: no size, total difficulty, transactions or uncles, and
 * the fields of later forks present as null.
 */
export const rpcHeadJson = (ctx: RpcContext, block: Block): string =>
  cachedRpcJson(ctx, `head:${block.hash}`, () => {
    const { before: h, after } = header(ctx, block);
    const withdrawals = block.withdrawalCount > 0;
    return {
      parentHash: h.parentHash,
      sha3Uncles: h.sha3Uncles,
      miner: h.miner,
      stateRoot: h.stateRoot,
      transactionsRoot: after.transactionsRoot,
      receiptsRoot: h.receiptsRoot,
      logsBloom: h.logsBloom,
      difficulty: h.difficulty,
      number: h.number,
      gasLimit: h.gasLimit,
      gasUsed: h.gasUsed,
      timestamp: h.timestamp,
      extraData: h.extraData,
      mixHash: h.mixHash,
      nonce: h.nonce,
      baseFeePerGas: h.baseFeePerGas,
      withdrawalsRoot: withdrawals ? withdrawalsRootOf(ctx, block) : EMPTY_ROOT,
      blobGasUsed: h.blobGasUsed ?? null,
      excessBlobGas: h.excessBlobGas ?? null,
      parentBeaconBlockRoot: null,
      requestsHash: null,
      hash: h.hash,
    };
  });

/** An uncle as `eth_getUncleBy*` answers it: the header alone. */
export const rpcUncleJson = (ctx: RpcContext, uncle: Block): string =>
  cachedRpcJson(ctx, `uncle:${uncle.hash}`, () => {
    const { before, after } = header(ctx, uncle);
    return { ...before, ...after };
  });
