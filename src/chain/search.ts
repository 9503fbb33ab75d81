/**
 * The first position in 0 … `length` − 1 where `reached` holds, `length` when it never does:
 * `reached` must be false up to some position and true from there on (a sorted list's lower bound).
 *
 * @example
 * firstWhere(blocks.length, (h) => blocks.at(h)!.timestamp >= time); // the first block at or after `time`
 */
export function firstWhere(length: number, reached: (position: number) => boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (reached(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
