import type { TokenTransfer, Transaction } from '../schemas/index.js';
import * as blockscout from '../profiles/blockscout.js';
import { NONE, TRANSACTION_KIND_BITS } from '../chain/types.js';
import { addressRef } from './addressRef.js';
import { creationInput } from './smartContract.js';
import { customAbiOf } from '../domain/customAbi.js';
import { cachedJson, type ViewContext } from './context.js';
import { isoTimestamp } from './format.js';
import { heavy } from '../domain/lazyModules.js';
import { itemsOf, methodName, tokenTransferView } from './tokenTransfer.js';

/** Token transfer items shown inside a transaction; more set `token_transfers_overflow`. */
const EMBEDDED_TRANSFERS = 10;

/** The first `limit` flattened token transfer items of a transaction, and whether more exist. */
function embeddedTransfers(ctx: ViewContext, index: number) {
  const transaction = ctx.chain.transactions.at(index)!;
  const items: TokenTransfer[] = [];
  let total = 0;
  for (
    let t = transaction.tokenTransferStart;
    t < transaction.tokenTransferStart + transaction.tokenTransferCount;
    t++
  ) {
    const count = itemsOf(ctx.chain.tokenTransfers.at(t)!);
    for (let k = 0; k < count; k++, total++)
      if (items.length < EMBEDDED_TRANSFERS) items.push(tokenTransferView(ctx, t, k));
  }
  return { items, overflow: total > EMBEDDED_TRANSFERS };
}

/** A transaction as every list and detail shows it. */
export function transactionView(ctx: ViewContext, index: number): Transaction {
  const { chain } = ctx;
  const t = chain.transactions.at(index)!;
  const block = chain.blocks.at(t.block)!;
  const gasUsed = BigInt(t.gasUsed);
  const transfers = embeddedTransfers(ctx, index);
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
    method: methodName(t),
    result: t.status === 'ok' ? 'success' : 'execution reverted',
    revert_reason: t.revertReason,
    confirmations: chain.headHeight - t.block + 1,
    confirmation_duration: [0, pendingMs],
    fee: { type: 'actual' as const, value: String(gasUsed * t.gasPrice) },
    gas_limit: t.gasLimit,
    gas_used: String(t.gasUsed),
    gas_price: String(t.gasPrice),
    base_fee_per_gas: String(block.baseFeePerGas),
    max_fee_per_gas: t.maxFeePerGas === null ? null : String(t.maxFeePerGas),
    max_priority_fee_per_gas: t.maxPriorityFeePerGas === null ? null : String(t.maxPriorityFeePerGas),
    priority_fee: String((t.gasPrice - block.baseFeePerGas) * gasUsed),
    transaction_burnt_fee: String(block.baseFeePerGas * gasUsed),
    exchange_rate: chain.exchangeRate,
    value: String(t.value),
    from: addressRef(ctx, t.fromId)!,
    to: addressRef(ctx, t.toId),
    created_contract: addressRef(ctx, t.createdId),
    raw_input: t.call
      ? heavy.abi.get().callData(t.call, customAbiOf(ctx.chain, t.call.contractKind, t.toId))
      : t.createdId !== NONE
        ? creationInput(ctx, t.createdId)
        : '0x',
    decoded_input: t.call
      ? heavy.abi.get().decodedInputView(t.call, customAbiOf(ctx.chain, t.call.contractKind, t.toId))
      : null,
    token_transfers: transfers.items,
    token_transfers_overflow: transfers.overflow,
    transaction_types: TRANSACTION_KIND_BITS.filter((_, bit) => t.types & (1 << bit)),
    has_error_in_internal_transactions: t.hasErrorInInternalTransactions,
    actions: t.actions.map((a) => ({ protocol: a.protocol, type: a.type, data: { ...a.data } })),
    transaction_tag: t.tag,
  };
}

/** The JSON of a transaction as lists show it. */
export const transactionJson = (ctx: ViewContext, index: number): string =>
  cachedJson(ctx, `tx:${index}`, () =>
    ctx.profile === 'blockscout'
      ? blockscout.transaction(transactionView(ctx, index), null, false)
      : transactionView(ctx, index),
  );

/** The JSON of `/transactions/{hash}`: in the spec profile the list form, in Blockscout's the detail form. */
export const transactionDetailJson = (ctx: ViewContext, index: number): string =>
  ctx.profile === 'blockscout'
    ? cachedJson(ctx, `txd:${index}`, () => {
        const spec = transactionView(ctx, index);
        return blockscout.transaction(spec, spec.token_transfers, true);
      })
    : transactionJson(ctx, index);
