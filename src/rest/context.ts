import type { Chain } from '../chain/types.js';
import { type Lru, lru } from '../memo/lru.js';
import { createViewContext, type Profile, type ViewContext } from '../views/context.js';
import type { Mempool } from '../domain/mempool.js';

/** What handlers read: the chain, the views' caches, and lists filtered on demand. */
export interface RestContext extends ViewContext {
  /** Per-address lists narrowed by a filter, built on first use, by `list:account:filter`. */
  readonly filtered: Lru<Int32Array>;
  /** The transactions waiting in front of the head, when the chain has a mempool (a served chain does). */
  readonly mempool: () => Mempool | undefined;
}

export const createRestContext = (
  chain: Chain,
  profile: Profile = 'spec',
  mempool: () => Mempool | undefined = () => undefined,
): RestContext => ({
  ...createViewContext(chain, undefined, profile),
  filtered: lru(32 * 1024 * 1024),
  mempool,
});

/** `list` narrowed to the elements `keep` accepts, memoised under `key`. */
export function filteredList(
  ctx: RestContext,
  key: string,
  list: Int32Array,
  keep: (element: number) => boolean,
): Int32Array {
  const hit = ctx.filtered.get(key);
  if (hit) return hit;
  return ctx.filtered.set(key, list.filter(keep));
}
