import { firstWhere } from '../chain/search.js';
import type { Chain } from '../chain/types.js';

/** The first consensus block whose time is at or after `unixSeconds` (the lowest on ties); undefined past the head. */
export function firstBlockAtOrAfter(chain: Chain, unixSeconds: number): number | undefined {
  const first = firstWhere(chain.headHeight + 1, (h) => chain.blocks.at(h)!.timestamp >= unixSeconds);
  return first <= chain.headHeight ? first : undefined;
}

/** The last consensus block whose time is at or before `unixSeconds` (the highest on ties); undefined before genesis. */
export function lastBlockAtOrBefore(chain: Chain, unixSeconds: number): number | undefined {
  const after = firstWhere(chain.headHeight + 1, (h) => chain.blocks.at(h)!.timestamp > unixSeconds);
  return after > 0 ? after - 1 : undefined;
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
