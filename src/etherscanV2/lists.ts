import { firstWhere } from '../chain/search.js';
import type { EtherscanV2Context } from './envelope.js';
import { type ListOptions, WINDOW } from './params.js';

/** The first and last height a list's block range covers, clipped to the chain. */
const range = (ctx: EtherscanV2Context, o: ListOptions) => [o.startBlock, Math.min(o.endBlock, ctx.chain.headHeight)];

/**
 * Rows in chain order (ascending by block), kept inside the block range, in the order asked, one
 * page of them. Only the page's rows are touched beyond their block.
 */
export function pageOfRows(
  ctx: EtherscanV2Context,
  rows: ArrayLike<number>,
  blockOf: (row: number) => number,
  o: ListOptions,
): number[] {
  const [from, to] = range(ctx, o);
  // The rows in the range: a contiguous run, rows being in block order.
  const lo = firstWhere(rows.length, (i) => blockOf(rows[i]!) >= from!);
  const hi = Math.max(
    lo,
    firstWhere(rows.length, (i) => blockOf(rows[i]!) > to!),
  );
  const count = hi - lo;
  const start = (o.page - 1) * o.offset;
  const size = Math.min(o.offset, WINDOW);
  const out: number[] = [];
  for (let k = start; k < Math.min(count, start + size); k++) out.push(rows[o.descending ? hi - 1 - k : lo + k]!);
  return out;
}

/**
 * Units of rows (a row may stand for several items: an ERC-1155 batch, one per id) in the range and
 * order asked, one page of them: each as its row and the unit's place in it (reversed within a row
 * when descending).
 */
export function pageOfUnits(
  ctx: EtherscanV2Context,
  rows: readonly number[],
  blockOf: (row: number) => number,
  unitsOf: (row: number) => number,
  o: ListOptions,
): { readonly row: number; readonly unit: number }[] {
  const [from, to] = range(ctx, o);
  const kept = rows.filter((r) => blockOf(r) >= from! && blockOf(r) <= to!);
  if (o.descending) kept.reverse();
  const start = (o.page - 1) * o.offset;
  const end = start + Math.min(o.offset, WINDOW);
  const out: { row: number; unit: number }[] = [];
  let at = 0;
  for (const row of kept) {
    if (at >= end) break;
    const units = unitsOf(row);
    for (let k = 0; k < units; k++, at++)
      if (at >= start && at < end) out.push({ row, unit: o.descending ? units - 1 - k : k });
  }
  return out;
}
