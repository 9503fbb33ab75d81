import { type ActivityCursor, activityAfter } from '../../domain/activityItems.js';
import { type ActivityRow, activityRowOf } from '../../domain/activityRow.js';
import { type AdvancedFilter, advancedFilterTest, candidateTransactions } from '../../domain/advancedFilter.js';
import type { Facts } from '../../domain/facts.js';

/** The first `limit` activity rows after `cursor` that pass `filter`, newest first, and whether more follow. */
export function advancedFilterRows(
  facts: Facts,
  filter: AdvancedFilter,
  cursor: ActivityCursor | null,
  limit: number,
): { readonly rows: ActivityRow[]; readonly more: boolean } {
  const passes = advancedFilterTest(facts, filter);
  const rows: ActivityRow[] = [];
  // Rows outside the ages' blocks, or of transactions no listed address or token takes part in, never pass: only the others are read.
  const blocks = { from: filter.fromBlock, to: filter.toBlock };
  for (const item of activityAfter(facts.chain, cursor, blocks, candidateTransactions(facts, filter))) {
    if (!passes(item)) continue;
    if (rows.length === limit) return { rows, more: true };
    rows.push(activityRowOf(facts, item));
  }
  return { rows, more: false };
}
