import { firstWhere } from '../../chain/search.js';

/**
 * The positions [start, end) of a chain-ordered list whose elements lie in blocks `from` … `to`
 * (inclusive), found by binary search: `blockOf` gives an element's block.
 */
export function inBlocks(
  list: ArrayLike<number>,
  blockOf: (element: number) => number,
  from: number,
  to: number,
): { readonly start: number; readonly end: number } {
  const firstAbove = (block: number) => firstWhere(list.length, (i) => blockOf(list[i]!) > block);
  const start = firstAbove(from - 1);
  return { start, end: Math.max(start, firstAbove(to)) };
}

/** The elements of `list` in blocks `from` … `to`, newest first, at most `limit`. */
export function newestInBlocks(
  list: ArrayLike<number>,
  blockOf: (element: number) => number,
  from: number,
  to: number,
  limit: number,
): number[] {
  const { start, end } = inBlocks(list, blockOf, from, to);
  const out: number[] = [];
  for (let i = end - 1; i >= start && out.length < limit; i--) out.push(list[i]!);
  return out;
}

/** The elements of `list` in blocks `from` … `to`, oldest first, at most `limit`. */
export function oldestInBlocks(
  list: ArrayLike<number>,
  blockOf: (element: number) => number,
  from: number,
  to: number,
  limit: number,
): number[] {
  const { start, end } = inBlocks(list, blockOf, from, to);
  const out: number[] = [];
  for (let i = start; i < end && out.length < limit; i++) out.push(list[i]!);
  return out;
}
