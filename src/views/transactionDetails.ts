import { balanceAt, transactionDelta } from '../domain/balances.js';
import { NONE } from '../chain/types.js';
import { addressRef } from './addressRef.js';
import type { ViewContext } from './context.js';
import { coinSupply, unitsToDecimal } from './format.js';
import { token } from './token.js';
import { transactionView } from './transaction.js';

const hex = (n: bigint | number) => `0x${n.toString(16)}`;

/** The call tree as a node's `trace_transaction` gives it: the top-level call, then each internal call under it. */
export function rawTraceView(ctx: ViewContext, at: number) {
  const { chain } = ctx;
  const tx = chain.transactions.at(at)!;
  const lower = (id: number) => chain.accounts[id]!.lower;
  const input = transactionView(ctx, at).raw_input;
  const top = {
    action:
      tx.toId === NONE
        ? { from: lower(tx.fromId), gas: hex(tx.gasLimit), init: input, value: hex(tx.value) }
        : {
            callType: 'call',
            from: lower(tx.fromId),
            to: lower(tx.toId),
            gas: hex(tx.gasLimit),
            input,
            value: hex(tx.value),
          },
    ...(tx.status === 'ok'
      ? {
          result:
            tx.toId === NONE
              ? { address: lower(tx.createdId), code: '0x', gasUsed: hex(tx.gasUsed) }
              : { gasUsed: hex(tx.gasUsed), output: '0x' },
        }
      : { error: 'Reverted' }),
    subtraces: tx.internalCount,
    traceAddress: [] as number[],
    transactionHash: tx.hash,
    type: tx.toId === NONE ? 'create' : 'call',
  };
  const inner = [];
  for (let k = 0; k < tx.internalCount; k++) {
    const it = chain.internalTransactions.at(tx.internalStart + k)!;
    const creates = it.type === 'create' || it.type === 'create2';
    inner.push({
      action: creates
        ? { from: lower(it.fromId), gas: hex(it.gasLimit), init: '0x', value: hex(it.value) }
        : {
            callType: it.type === 'selfdestruct' ? 'call' : it.type,
            from: lower(it.fromId),
            to: lower(it.toId),
            gas: hex(it.gasLimit),
            input: '0x',
            value: hex(it.value),
          },
      ...(it.success
        ? {
            result: creates
              ? { address: lower(it.createdId), code: '0x', gasUsed: hex(0) }
              : { gasUsed: hex(0), output: '0x' },
          }
        : { error: it.error }),
      subtraces: 0,
      traceAddress: [k],
      transactionHash: tx.hash,
      type: creates ? it.type : it.type === 'selfdestruct' ? 'selfdestruct' : 'call',
    });
  }
  return [top, ...inner];
}

/** Coin balances (and token balances) that the transaction changed, before and after it. */
export function stateChangesView(ctx: ViewContext, at: number) {
  const { chain } = ctx;
  const tx = chain.transactions.at(at)!;
  const block = chain.blocks.at(tx.block)!;
  const ids = new Set<number>([tx.fromId, tx.toId !== NONE ? tx.toId : tx.createdId, block.minerId]);
  for (let k = tx.internalStart; k < tx.internalStart + tx.internalCount; k++) {
    const it = chain.internalTransactions.at(k)!;
    ids.add(it.fromId);
    ids.add(it.toId !== NONE ? it.toId : it.createdId);
  }
  const coins = [];
  for (const id of ids) {
    if (id === NONE) continue;
    const change = transactionDelta(chain, at, id);
    if (change === 0n) continue;
    let before = tx.block === 0 ? 0n : balanceAt(chain, id, tx.block - 1);
    for (let j = block.transactionStart; j < at; j++) before += transactionDelta(chain, j, id);
    coins.push({
      type: 'coin',
      is_miner: id === block.minerId,
      address: addressRef(ctx, id),
      balance_before: String(before),
      balance_after: String(before + change),
      change: String(change),
      token: null,
      token_id: null,
    });
  }
  // Token balances: the holder's transfers of that token (and id, for ERC-1155) before and in this transaction.
  const tokens = new Map<
    string,
    { holder: number; tokenId: number; nftId: bigint | null; before: bigint; change: bigint }
  >();
  for (let t = tx.tokenTransferStart; t < tx.tokenTransferStart + tx.tokenTransferCount; t++) {
    const transfer = chain.tokenTransfers.at(t)!;
    const type = chain.accounts[transfer.tokenId]!.contract!.token!.type;
    transfer.amounts.forEach((amount, k) => {
      const nftId = type === 'ERC-1155' ? transfer.tokenIds![k]! : null;
      const units = type === 'ERC-721' ? 1n : amount;
      for (const [holder, sign] of [
        [transfer.fromId, -1n],
        [transfer.toId, 1n],
      ] as const) {
        if (holder === chain.zeroId) continue;
        const key = `${holder}:${transfer.tokenId}:${nftId ?? ''}`;
        let entry = tokens.get(key);
        if (!entry) {
          let before = 0n;
          for (const u of chain.indexes.at(holder)!.tokenTransfers) {
            const other = chain.tokenTransfers.at(u)!;
            if (other.transaction >= at) break;
            if (other.tokenId !== transfer.tokenId) continue;
            other.amounts.forEach((a, j) => {
              if (nftId !== null && other.tokenIds![j] !== nftId) return;
              const n = type === 'ERC-721' ? 1n : a;
              if (other.toId === holder) before += n;
              if (other.fromId === holder) before -= n;
            });
          }
          entry = { holder, tokenId: transfer.tokenId, nftId, before, change: 0n };
          tokens.set(key, entry);
        }
        entry.change += sign * units;
      }
    });
  }
  const tokenRows = [...tokens.values()]
    .filter((e) => e.change !== 0n)
    .sort((a, b) =>
      chain.accounts[a.holder]!.lower < chain.accounts[b.holder]!.lower
        ? -1
        : chain.accounts[a.holder]!.lower > chain.accounts[b.holder]!.lower
          ? 1
          : a.tokenId - b.tokenId,
    )
    .map((e) => ({
      type: 'token',
      is_miner: false,
      address: addressRef(ctx, e.holder),
      balance_before: String(e.before),
      balance_after: String(e.before + e.change),
      change: String(e.change),
      token: token(ctx, e.tokenId),
      token_id: e.nftId === null ? null : String(e.nftId),
    }));
  return [...coins, ...tokenRows];
}

/** A one-line summary in the shape of the explorer's transaction interpretation service; null for a failed transaction, as the explorer answers. */
export function summaryView(ctx: ViewContext, at: number) {
  const { chain } = ctx;
  const tx = chain.transactions.at(at)!;
  if (tx.status !== 'ok') return null;
  const address = (id: number) => ({ type: 'address', value: addressRef(ctx, id) });
  const summaries = [];
  if (tx.toId === NONE)
    summaries.push({
      summary_template: 'Deployed {contract}',
      summary_template_variables: { contract: address(tx.createdId) },
    });
  else if (tx.call)
    summaries.push({
      summary_template: 'Called {method} on {to}',
      summary_template_variables: { method: { type: 'method', value: tx.call.functionName }, to: address(tx.toId) },
    });
  if (tx.value > 0n) {
    summaries.push({
      summary_template: 'Sent {amount} {native} to {to}',
      summary_template_variables: {
        amount: { type: 'currency', value: coinSupply(tx.value) },
        native: { type: 'string', value: 'ETH' },
        to: address(tx.toId !== NONE ? tx.toId : tx.createdId),
      },
    });
  }
  for (let t = tx.tokenTransferStart; t < tx.tokenTransferStart + Math.min(tx.tokenTransferCount, 3); t++) {
    const transfer = chain.tokenTransfers.at(t)!;
    const info = chain.accounts[transfer.tokenId]!.contract!.token!;
    const amount =
      info.type === 'ERC-20'
        ? unitsToDecimal(transfer.amounts[0]!, info.decimals)
        : String(transfer.amounts.reduce((s, a) => s + a, 0n));
    summaries.push({
      summary_template: 'Transferred {amount} {token} from {from} to {to}',
      summary_template_variables: {
        amount: { type: 'currency', value: amount },
        token: { type: 'token', value: token(ctx, transfer.tokenId) },
        from: address(transfer.fromId),
        to: address(transfer.toId),
      },
    });
  }
  return { success: true, data: { summaries } };
}
