import type { Chain } from '../chain/types.js';

/** The first consensus block whose time is at or after `unixSeconds` (the lowest on ties); undefined past the head. */
export function firstBlockAtOrAfter(chain: Chain, unixSeconds: number): number | undefined {
  let lo = 0;
  let hi = chain.headHeight + 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (chain.blocks.at(mid)!.timestamp >= unixSeconds) hi = mid;
    else lo = mid + 1;
  }
  return lo <= chain.headHeight ? lo : undefined;
}

/** The last consensus block whose time is at or before `unixSeconds` (the highest on ties); undefined before genesis. */
export function lastBlockAtOrBefore(chain: Chain, unixSeconds: number): number | undefined {
  let lo = 0;
  let hi = chain.headHeight + 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (chain.blocks.at(mid)!.timestamp <= unixSeconds) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? lo - 1 : undefined;
}

/**
 * The block an instant bounds, as the explorer's `timestamp_to_block_number` finds it when an API
 * asks (not strict): the first block at or after it (`after`; the height past the head when there
 * is none) or the last at or before it (`before`; −1 when there is none), so a bound past either
 * end of the chain keeps nothing. A fraction of a second past `unixSeconds` moves an `after` bound
 * to the next second.
 */
export function blockBoundOf(
  chain: Chain,
  instant: { readonly seconds: number; readonly fraction: boolean },
  direction: 'after' | 'before',
): number {
  return direction === 'after'
    ? (firstBlockAtOrAfter(chain, instant.seconds + (instant.fraction ? 1 : 0)) ?? chain.headHeight + 1)
    : (lastBlockAtOrBefore(chain, instant.seconds) ?? -1);
}
