import { NONE } from '../chain/types.js';
import { hasCodeNow } from '../domain/delegations.js';
import { selectorOf } from '../domain/transactions.js';
import type { ViewContext } from './context.js';

/**
 * The `method` Blockscout shows for transaction `index` (`Transaction.method_name`,
 * apps/explorer/lib/explorer/chain/transaction.ex): the name of its decoded call; else the input's
 * first four bytes when the callee has code, or whatever the callee (`anyCallee`: token transfers
 * and their advanced-filter rows, where Blockscout skips that check); else null.
 */
export function blockscoutMethodName(
  ctx: ViewContext,
  index: number,
  decoded: string | null,
  anyCallee = false,
): string | null {
  if (decoded !== null) return decoded;
  const { toId } = ctx.chain.transactions.at(index)!;
  if (!anyCallee && (toId === NONE || !hasCodeNow(ctx.facts, ctx.chain.accounts[toId]!))) return null;
  return selectorOf(ctx.facts, index);
}

/**
 * The `method` a row of REST v2 shows: Blockscout's (`blockscoutMethodName`) in a profile that
 * names an undecoded call by its selector; the decoded call's name or null, as the spec has it.
 */
export const shownMethod = (
  ctx: ViewContext,
  index: number,
  decoded: string | null,
  anyCallee = false,
): string | null =>
  ctx.format.selectorForUndecodedMethod ? blockscoutMethodName(ctx, index, decoded, anyCallee) : decoded;
