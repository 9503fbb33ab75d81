import { confirmationsOf } from '../domain/chainStats.js';
import { NONE, TRANSACTION_KIND_BITS } from '../chain/types.js';
import { blobTransactionOf } from '../domain/blobs.js';
import { authorizationSignatureOf, authorizationsOf } from '../domain/delegations.js';
import type { TransactionExtras } from '../profiles/profileFormat.js';
import { transactionType } from '../protocol/transactionTypes.js';
import { lazyModules } from '../domain/lazyModules.js';
import { calledOf, feesOf, inputOf, itemsOf, resultOf } from '../domain/transactions.js';
import type { Shape, TransactionForm } from '../profiles/shapes.js';
import type { Profile } from '../schemas/profile.js';
import { addressRef, addressRefOrNull } from './addressRef.js';
import { cachedJson, type ViewContext } from './context.js';
import { isoTimestamp } from './isoTimestamp.js';
import { shownMethod } from './shownMethod.js';
import { tokenTransferOut } from './tokenTransfer.js';

/** Token transfer items shown inside a transaction; more set `token_transfers_overflow`. */
const EMBEDDED_TRANSFERS = 10;

/** The first token transfer items of a transaction, and whether more exist. */
function embeddedTransfers<P extends Profile>(ctx: ViewContext<P>, index: number) {
  const transaction = ctx.chain.transactions.at(index)!;
  const items: Shape<P, 'tokenTransfer'>[] = [];
  let total = 0;
  for (
    let t = transaction.tokenTransferStart;
    t < transaction.tokenTransferStart + transaction.tokenTransferCount;
    t++
  ) {
    const count = itemsOf(ctx.chain.tokenTransfers.at(t)!);
    for (let k = 0; k < count; k++, total++)
      if (items.length < EMBEDDED_TRANSFERS) items.push(tokenTransferOut(ctx, t, k));
  }
  return { items, overflow: total > EMBEDDED_TRANSFERS };
}

/** A transaction in the spec's form, as every list and detail shows it. */
function transactionForm<P extends Profile>(ctx: ViewContext<P>, index: number): TransactionForm<P> {
  const { chain } = ctx;
  const t = chain.transactions.at(index)!;
  const block = chain.blocks.at(t.block)!;
  const fees = feesOf(ctx.facts, t);
  const transfers = embeddedTransfers(ctx, index);
  const called = calledOf(ctx.facts, index);
  // How long the explorer saw it pending, in milliseconds: derived from the hash, so stable.
  const pendingMs = 1_000 + (parseInt(t.hash.slice(-4), 16) % 11_000);
  return {
    hash: t.hash,
    timestamp: isoTimestamp(block.timestamp),
    block_number: t.block,
    position: t.position,
    nonce: t.nonce,
    type: t.type,
    status: t.status,
    method: shownMethod(ctx, index, called?.call.functionName ?? null),
    result: resultOf(t),
    revert_reason: t.revertReason,
    confirmations: confirmationsOf(chain, t.block, 'rest'),
    confirmation_duration: [0, pendingMs],
    fee: { type: 'actual' as const, value: String(fees.fee) },
    gas_limit: t.gasLimit,
    gas_used: String(t.gasUsed),
    gas_price: String(t.gasPrice),
    base_fee_per_gas: String(fees.baseFeePerGas),
    max_fee_per_gas: t.maxFeePerGas === null ? null : String(t.maxFeePerGas),
    max_priority_fee_per_gas: t.maxPriorityFeePerGas === null ? null : String(t.maxPriorityFeePerGas),
    priority_fee: String(fees.priority),
    transaction_burnt_fee: String(fees.burnt),
    exchange_rate: chain.exchangeRate,
    value: String(t.value),
    from: addressRef(ctx, t.fromId),
    to: addressRefOrNull(ctx, t.toId),
    created_contract: addressRefOrNull(ctx, t.createdId),
    raw_input: inputOf(ctx.facts, index),
    decoded_input: called ? lazyModules.abi.get().decodedInputView(called.call, called.abi) : null,
    token_transfers: transfers.items,
    token_transfers_overflow: transfers.overflow,
    transaction_types: TRANSACTION_KIND_BITS.filter((_, bit) => t.types & (1 << bit)),
    has_error_in_internal_transactions: t.hasErrorInInternalTransactions,
    actions: t.actions.map((a) => ({ protocol: a.protocol, type: a.type, data: { ...a.data } })),
    transaction_tag: t.tag,
  };
}

/** What a transaction holds beyond the spec's fields: its type's own kinds and its authorizations (EIP-7702). */
function transactionExtras(ctx: ViewContext, index: number): TransactionExtras {
  const { chain } = ctx;
  const t = chain.transactions.at(index)!;
  const type = transactionType(t.type);
  return {
    typeKinds: type.setsCode ? ['set_code_transaction'] : type.carriesBlobs ? ['blob_transaction'] : [],
    blobs: type.carriesBlobs ? blobTransactionOf(chain, index) : null,
    authorizations: type.setsCode
      ? authorizationsOf(chain, index).map((a) => ({
          address: chain.accounts[a.delegateId]!.hash,
          authority: a.authorityId === NONE ? null : chain.accounts[a.authorityId]!.hash,
          chainId: a.chainId,
          nonce: a.nonce,
          status: a.status,
          ...authorizationSignatureOf(chain, a),
        }))
      : [],
  };
}

/** A transaction as lists show it. */
export const transactionItemOut = <P extends Profile>(ctx: ViewContext<P>, index: number): Shape<P, 'transaction'> =>
  ctx.format.transactionItem(transactionForm(ctx, index), transactionExtras(ctx, index));

/** A transaction as `/transactions/{hash}` shows it. */
export const transactionDetailOut = <P extends Profile>(
  ctx: ViewContext<P>,
  index: number,
): Shape<P, 'transactionDetail'> =>
  ctx.format.transactionDetail(transactionForm(ctx, index), transactionExtras(ctx, index));

/** The JSON of a transaction as lists show it. */
export const transactionJson = (ctx: ViewContext, index: number): string =>
  cachedJson(ctx, `tx:${index}`, () => transactionItemOut(ctx, index));

/** The JSON of `/transactions/{hash}`. */
export const transactionDetailJson = (ctx: ViewContext, index: number): string =>
  cachedJson(ctx, `tx-detail:${index}`, () => transactionDetailOut(ctx, index));
