import { coinSupply, unitsToDecimal } from '../domain/amounts.js';
import { tokenOf } from '../domain/tokens.js';
import { hasCodeNow } from '../domain/delegations.js';
import { calledOf, receiverOf } from '../domain/transactions.js';
import { NONE } from '../chain/types.js';
import { addressRef } from './addressRef.js';
import type { ViewContext } from './context.js';
import { token } from './token.js';

/**
 * `/transactions/{hash}/summary`: a one-line summary in the shape of the explorer's transaction
 * interpretation service; null for a failed transaction, as the explorer answers.
 */
export function transactionSummaryJson(ctx: ViewContext, at: number): string {
  const { chain } = ctx;
  const tx = chain.transactions.at(at)!;
  if (tx.status !== 'ok') return 'null';
  const address = (id: number) => ({ type: 'address', value: addressRef(ctx, id) });
  const summaries = [];
  const called = calledOf(ctx.facts, at);
  if (tx.toId === NONE)
    summaries.push({
      summary_template: 'Deployed {contract}',
      summary_template_variables: { contract: address(tx.createdId) },
    });
  // The interpretation service is asked of a call of code only.
  else if (called && hasCodeNow(ctx.facts, chain.accounts[tx.toId]!))
    summaries.push({
      summary_template: 'Called {method} on {to}',
      summary_template_variables: { method: { type: 'method', value: called.call.functionName }, to: address(tx.toId) },
    });
  if (tx.value > 0n) {
    summaries.push({
      summary_template: 'Sent {amount} {native} to {to}',
      summary_template_variables: {
        amount: { type: 'currency', value: coinSupply(tx.value) },
        native: { type: 'string', value: 'ETH' },
        to: address(receiverOf(tx)),
      },
    });
  }
  for (let t = tx.tokenTransferStart; t < tx.tokenTransferStart + Math.min(tx.tokenTransferCount, 3); t++) {
    const transfer = chain.tokenTransfers.at(t)!;
    const info = tokenOf(ctx.facts, transfer.tokenId);
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
  return JSON.stringify({ success: true, data: { summaries } });
}
