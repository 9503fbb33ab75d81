import { NONE } from '../chain/types.js';
import { hasCodeNow } from '../domain/delegations.js';
import { selectorOf } from '../domain/transactions.js';
import type { ViewContext } from './context.js';

/**
 * The `method` a row shows for transaction `index`: the name of its decoded call; else, in a
 * profile that names an undecoded call by its selector (Blockscout's `Transaction.method_name`,
 * `apps/explorer/lib/explorer/chain/transaction.ex`), the input's first four bytes when the callee
 * has code, or whatever the callee (`anyCallee`: token transfers and their advanced-filter rows,
 * where Blockscout skips that check); null otherwise, as the spec has it.
 */
export function shownMethod(ctx: ViewContext, index: number, decoded: string | null, anyCallee = false): string | null {
  if (decoded !== null || !ctx.format.selectorForUndecodedMethod) return decoded;
  const { toId } = ctx.chain.transactions.at(index)!;
  if (!anyCallee && (toId === NONE || !hasCodeNow(ctx.facts, ctx.chain.accounts[toId]!))) return null;
  return selectorOf(ctx.facts, index);
}
