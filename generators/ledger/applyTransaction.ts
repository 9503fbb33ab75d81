import { DEFAULT_CHAIN_ID, NONE, type Transaction } from '../../src/chain/types.js';
import { authorizationStatus } from '../../src/protocol/authorization.js';
import type { Stream } from '../random/stream.js';
import { applyTokenTransfer } from './applyTokenTransfer.js';
import { type BlockContext, GWEI } from './blockContext.js';
import { createContract } from './createContract.js';
import { transactionTypesOf } from './transactionTypes.js';
import { eventsOf } from './eventsOf.js';
import { transferLogRef } from '../../src/chain/logs.js';
import {
  type AuthorizationSpec,
  type BlobSpec,
  CREATED,
  type ExecutedEffects,
  type TransferSpec,
  type TxPlan,
} from './plan.js';
import { GAS_PER_BLOB } from '../../src/protocol/blobGas.js';
import type { PaidFees } from '../../src/protocol/transaction.js';
import { paidFees, type TransactionType } from '../../src/protocol/transactionType.js';
import { TYPE, transactionType } from '../../src/protocol/transactionTypes.js';
import { changeBalance } from './registerAccount.js';
import { allowanceSlot } from '../../src/chain/allowanceSlot.js';
import { approvalsOf, trackApprovals } from './approvals.js';
import { registerToken } from './createContract.js';
import type { LedgerState } from './state.js';

const ZERO_ID = 0;

/** Draws the fees a wallet would offer for a transaction of `type`, never above the block's `maxFeeCap`, and what they pay. */
function drawFees(ctx: BlockContext, rng: Stream, type: TransactionType): PaidFees {
  const tip = rng.bigint(GWEI / 100n, 3n * GWEI);
  if (!type.feeMarket)
    return paidFees(type, { maxFeePerGas: ctx.baseFee + tip, maxPriorityFeePerGas: ctx.baseFee + tip }, ctx.baseFee);
  // Mostly a generous cap (base fee doubled); sometimes a tight one that clips the tip. The tip
  // offered never exceeds the cap: a node refuses such a transaction (EIP-1559).
  const maxFee = rng.chance(0.85) ? 2n * ctx.baseFee + tip : ctx.baseFee + tip / 2n;
  return paidFees(type, { maxFeePerGas: maxFee, maxPriorityFeePerGas: tip < maxFee ? tip : maxFee }, ctx.baseFee);
}

/**
 * Applies a set-code transaction's authorizations in order (EIP-7702): each that holds sets its
 * authority's delegation (the zero address clears it) and takes the authority's nonce; each that
 * does not is recorded as skipped.
 */
function applyAuthorizations(
  state: LedgerState,
  transaction: number,
  height: number,
  authorizations: readonly AuthorizationSpec[],
): void {
  const chainId = state.scenario.chainId ?? DEFAULT_CHAIN_ID;
  authorizations.forEach((a, index) => {
    const authority = state.accounts[a.authorityId];
    const status = authorizationStatus(
      { chainId: a.chainId, nonce: a.nonce, signed: authority !== undefined },
      chainId,
      authority?.nonce ?? 0,
    );
    if (status === 'ok') {
      authority!.nonce++;
      if (a.delegateId === ZERO_ID) state.delegations.delete(a.authorityId);
      else state.delegations.set(a.authorityId, a.delegateId);
    }
    state.authorizations.push({
      transaction,
      block: height,
      index,
      authorityId: a.authorityId,
      delegateId: a.delegateId,
      chainId: a.chainId,
      nonce: a.nonce,
      status,
    });
  });
}

/**
 * Records a blob transaction's blobs (EIP-4844) and burns their fee: the block's blob base fee
 * for each blob's gas, taken from the sender besides its gas fee.
 */
function applyBlobs(state: LedgerState, ctx: BlockContext, transaction: number, fromId: number, blobs: BlobSpec): void {
  const price = ctx.blobBaseFee;
  if (price === null) throw new Error(`a blob transaction at block ${ctx.height}, on a chain without blobs`);
  if (blobs.maxFeePerBlobGas < price)
    throw new Error(`a blob fee cap ${blobs.maxFeePerBlobGas} below the blob base fee ${price} at block ${ctx.height}`);
  const blobGas = blobs.bodies.length * GAS_PER_BLOB;
  blobs.bodies.forEach((body, index) =>
    state.blobs.push({ transaction, block: ctx.height, index, body, maxFeePerBlobGas: blobs.maxFeePerBlobGas }),
  );
  ctx.blobGasUsed += blobGas;
  changeBalance(state, fromId, -BigInt(blobGas) * price, ctx.height);
}

/**
 * Executes one planned transaction at the next position of the block: charges its fee, moves
 * its value, runs its internal calls and token transfers, and records every entity and index
 * entry. Returns the transaction's global index.
 */
export function applyTransaction(state: LedgerState, ctx: BlockContext, plan: TxPlan, rng: Stream): number {
  const height = ctx.height;
  const from = state.accounts[plan.fromId]!;
  const index = state.transactions.length;
  const position = index - ctx.transactionStart;
  const nonce = from.nonce++;
  const ok = plan.revertReason === undefined;
  // A sent transaction pays what it offered (at least the base fee: admission checked it); a generated one draws its offer.
  const type = transactionType(plan.sent?.type ?? plan.type ?? TYPE.eip1559.id);
  const fees = plan.sent ? paidFees(type, plan.sent, ctx.baseFee) : drawFees(ctx, rng, type);
  if (plan.gasUsed > plan.gasLimit) throw new Error(`gas used above limit at block ${height}`);
  const feeCap = plan.sent ? plan.sent.maxFeePerGas : ctx.maxFeeCap;
  const blobCap = plan.blobs ? BigInt(plan.blobs.bodies.length * GAS_PER_BLOB) * plan.blobs.maxFeePerBlobGas : 0n;
  if (from.balance < plan.value + BigInt(plan.gasLimit) * feeCap + blobCap) {
    throw new Error(`${from.hash} cannot afford its transaction at block ${height}`);
  }

  if (plan.authorizations) applyAuthorizations(state, index, height, plan.authorizations);
  if (plan.blobs) applyBlobs(state, ctx, index, plan.fromId, plan.blobs);

  const createdId = plan.create
    ? createContract(state, plan.create, {
        creatorId: plan.fromId,
        nonce,
        transaction: index,
        status: ok ? 'success' : 'failed',
      })
    : NONE;
  const toId = plan.toId ?? NONE;
  const receiverId = toId !== NONE ? toId : createdId;

  const gasUsed = BigInt(plan.gasUsed);
  const fee = gasUsed * fees.gasPrice;
  const priority = (fees.gasPrice - ctx.baseFee) * gasUsed;
  changeBalance(state, plan.fromId, -fee, height);
  changeBalance(state, ctx.minerId, priority, height);

  const transferStart = state.tokenTransfers.length;
  const internalStart = state.internalTransactions.length;
  const eventStart = state.events.length;
  let internalError = false;

  if (ok) {
    if (plan.value > 0n) {
      changeBalance(state, plan.fromId, -plan.value, height);
      changeBalance(state, receiverId, plan.value, height);
    }
    const emitter = state.accounts[receiverId]?.contract;
    // Events take the log indexes before the token transfers'.
    const eventIndex = ctx.logIndex;
    const emits = plan.events !== undefined && plan.events > 0 && emitter != null;
    if (emits) {
      ctx.logIndex += plan.events!;
      emitter!.hasLogs = true;
    }
    plan.internals?.forEach((spec, i) => {
      const at = state.internalTransactions.length;
      const success = spec.error === undefined;
      const created = spec.create
        ? createContract(state, spec.create, {
            creatorId: spec.fromId,
            nonce: state.accounts[spec.fromId]!.nonce++,
            transaction: index,
            status: success ? 'success' : 'failed',
          })
        : NONE;
      const target = spec.toId ?? NONE;
      if (success && spec.value > 0n) {
        changeBalance(state, spec.fromId, -spec.value, height);
        changeBalance(state, target !== NONE ? target : created, spec.value, height);
      }
      if (spec.type === 'selfdestruct' && success && !spec.keepsCode)
        state.accounts[spec.fromId]!.contract!.creationStatus = 'selfdestructed';
      if (!success) internalError = true;
      state.internalTransactions.push({
        transaction: index,
        block: height,
        transactionIndex: position,
        index: i + 1,
        type: spec.type,
        fromId: spec.fromId,
        toId: target,
        createdId: created,
        value: spec.value,
        gasLimit: spec.gasLimit,
        success,
        error: spec.error ?? null,
      });
      const lists = state.lists;
      lists[spec.fromId]!.internalTransactions.push(at);
      lists[spec.fromId]!.internalTransactionsFrom.push(at);
      const other = target !== NONE ? target : created;
      if (other !== spec.fromId) lists[other]!.internalTransactions.push(at);
      lists[other]!.internalTransactionsTo.push(at);
    });
    if (emits) {
      const serial = state.eventSerials.get(receiverId) ?? 0;
      const internals = state.internalTransactions.slice(internalStart);
      eventsOf({ state, plan, emitterId: receiverId, internals, timestamp: ctx.timestamp, serial }).forEach(
        (draft, k) => {
          state.lists[draft.emitterId]!.logs.push(state.events.length);
          state.events.push({ transaction: index, block: height, index: eventIndex + k, ...draft });
        },
      );
      state.eventSerials.set(receiverId, serial + 1);
    }
    const transfer = (planned: TransferSpec) => {
      const spec = planned.tokenId === CREATED ? { ...planned, tokenId: createdId } : planned;
      const at = state.tokenTransfers.length;
      applyTokenTransfer(state, ZERO_ID, spec);
      state.accounts[spec.tokenId]!.contract!.hasLogs = true;
      state.tokenTransfers.push({
        transaction: index,
        block: height,
        logIndex: ctx.logIndex++,
        tokenId: spec.tokenId,
        fromId: spec.fromId,
        toId: spec.toId,
        tokenIds: spec.tokenIds,
        amounts: spec.amounts,
      });
      state.lists[spec.tokenId]!.logs.push(transferLogRef(at));
      state.lists[spec.fromId]!.tokenTransfers.push(at);
      if (spec.toId !== spec.fromId) state.lists[spec.toId]!.tokenTransfers.push(at);
    };
    for (const planned of plan.transfers ?? []) transfer(planned);
    if (plan.executed) applyExecuted(state, plan.executed, index, height, ctx, transfer);
  }
  // An executed transaction's allowances come from what the EVM spent; a modelled call's from its call.
  if (ok) trackApprovals(state, state.events.slice(eventStart), plan.executed ? null : plan.call, toId, from.lower);
  const types = transactionTypesOf({
    ok,
    createsContract: plan.create !== undefined,
    createsToken:
      plan.create?.token !== undefined || (plan.executed?.tokens.some((t) => t.accountId === createdId) ?? false),
    callsContract: plan.call !== null || (plan.sent !== undefined && state.accounts[receiverId]!.contract !== null),
    movesCoin: plan.value > 0n,
    movesTokens: state.tokenTransfers.length > transferStart,
  });

  const transaction: Transaction = {
    hash: plan.sent?.hash ?? rng.hex(32),
    block: height,
    position,
    fromId: plan.fromId,
    toId,
    createdId,
    nonce,
    type: type.id,
    status: ok ? 'ok' : 'error',
    value: plan.value,
    gasLimit: plan.gasLimit,
    gasUsed: plan.gasUsed,
    gasPrice: fees.gasPrice,
    maxFeePerGas: fees.maxFeePerGas,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    call: plan.call,
    types,
    revertReason: plan.revertReason ?? null,
    tokenTransferStart: transferStart,
    tokenTransferCount: state.tokenTransfers.length - transferStart,
    internalStart,
    internalCount: state.internalTransactions.length - internalStart,
    eventStart,
    eventCount: state.events.length - eventStart,
    hasErrorInInternalTransactions: internalError,
    actions: ok ? (plan.actions ?? []) : [],
    tag: plan.tag ?? null,
    ...(plan.sent ? { signed: plan.sent.signed } : {}),
  };
  state.transactions.push(transaction);
  if (plan.handle) state.handles[plan.handle] = transaction.hash;

  const lists = state.lists;
  lists[plan.fromId]!.transactions.push(index);
  lists[plan.fromId]!.transactionsFrom.push(index);
  if (receiverId !== plan.fromId) lists[receiverId]!.transactions.push(index);
  lists[receiverId]!.transactionsTo.push(index);

  ctx.gasUsed += plan.gasUsed;
  ctx.priorityFee += priority;
  ctx.transactionFees += fee;
  ctx.size += plan.sent
    ? 110 + (plan.sent.signed.input.length - 2) / 2
    : 110 + (plan.call ? 4 + 32 * plan.call.args.length : 0) + (plan.create ? 2_000 : 0);
  return index;
}

/**
 * What the EVM did besides moving value and creating contracts: the contracts that became tokens,
 * its logs in emission order (each taking the next log index: a token's transfer log moves its
 * tokens), the storage it set and the allowances a catalogue token spent.
 */
function applyExecuted(
  state: LedgerState,
  effects: ExecutedEffects,
  transaction: number,
  block: number,
  ctx: BlockContext,
  transfer: (spec: TransferSpec) => void,
): void {
  for (const { accountId, token } of effects.tokens) registerToken(state, accountId, token);
  for (const log of effects.logs) {
    if ('transfer' in log) {
      transfer(log.transfer);
      continue;
    }
    state.accounts[log.emitterId]!.contract!.hasLogs = true;
    state.lists[log.emitterId]!.logs.push(state.events.length);
    state.events.push({
      transaction,
      block,
      index: ctx.logIndex++,
      emitterId: log.emitterId,
      ...('event' in log ? log.event : { contractKind: 'custom' as const, name: '', args: [], raw: log.raw }),
    });
  }
  for (const { accountId, slot, value } of effects.storage) {
    state.storageWrites.push({ transaction, block, accountId, slot, value });
    let slots = state.storage.get(accountId);
    if (!slots) state.storage.set(accountId, (slots = new Map()));
    slots.set(slot, value);
  }
  for (const { tokenId, key, value } of effects.allowances) {
    approvalsOf(state, tokenId).allowances.set(key, value);
    const [owner, spender] = key.split(':') as [string, string];
    const word = `0x${value.toString(16).padStart(64, '0')}` as const;
    state.storageWrites.push({
      transaction,
      block,
      accountId: tokenId,
      slot: allowanceSlot(owner, spender),
      value: word,
    });
  }
}
