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
