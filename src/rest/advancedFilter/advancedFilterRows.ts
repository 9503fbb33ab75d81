import { type ActivityCursor, activityAfter } from '../../domain/activityItems.js';
import { type ActivityRow, activityRowOf } from '../../domain/activityRow.js';
import { type AdvancedFilter, advancedFilterTest } from '../../domain/advancedFilter.js';
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
  // Rows outside the ages' blocks never pass: only the blocks between them are read.
  for (const item of activityAfter(facts.chain, cursor, { from: filter.fromBlock, to: filter.toBlock })) {
    if (!passes(item)) continue;
    if (rows.length === limit) return { rows, more: true };
    rows.push(activityRowOf(facts, item));
  }
  return { rows, more: false };
}
