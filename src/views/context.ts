import type { Chain } from '../chain/types.js';
import { type Lru, lru } from '../memo/lru.js';

/**
 * What the views need besides the chain: caches of JSON text. The chain never changes, so each
 * entity is serialised once and pages are assembled from the pieces.
 */
/** Whose answers the views give: the seed spec's (the default) or Blockscout v11's (`src/profiles/blockscout.ts`). */
export type Profile = 'spec' | 'blockscout';
export const PROFILES: readonly Profile[] = ['spec', 'blockscout'];

export interface ViewContext {
  readonly chain: Chain;
  readonly profile: Profile;
  /** JSON of entities by `kind:index`, bounded in total size. */
  readonly json: Lru<string>;
  /** View objects of the few, often repeated things (address references, tokens), by `kind:id`. */
  readonly objects: Map<string, unknown>;
}

/** 256 MB of cached JSON: all of default, the hot part of large. */
const JSON_BUDGET = 256 * 1024 * 1024;

export const createViewContext = (chain: Chain, jsonBudget = JSON_BUDGET, profile: Profile = 'spec'): ViewContext => ({
  chain,
  profile,
  json: lru(jsonBudget),
  objects: new Map(),
});

/** The cached JSON of `key`, computing it with `build` (and `finish` on the text) on a miss. */
export function cachedJson(
  ctx: ViewContext,
  key: string,
  build: () => unknown,
  finish?: (json: string) => string,
): string {
  const hit = ctx.json.get(key);
  if (hit !== undefined) return hit;
  const json = JSON.stringify(build());
  return ctx.json.set(key, finish ? finish(json) : json);
}

/** The memoised view object of `key` (for address references and tokens, which repeat everywhere). */
export function cachedObject<T>(ctx: ViewContext, key: string, build: () => T): T {
  const hit = ctx.objects.get(key) as T | undefined;
  if (hit !== undefined) return hit;
  const value = build();
  ctx.objects.set(key, value);
  return value;
}
