import type { Chain } from '../chain/types.js';
import { type Facts, factsOf } from '../domain/facts.js';
import { boundedMemo, type Memo } from '../memo/boundedMemo.js';
import { type Lru, lru } from '../memo/lru.js';
import { formatOf } from '../profiles/index.js';
import type { ProfileFormat } from '../profiles/profileFormat.js';
import type { Profile } from '../schemas/profile.js';

/**
 * What the views read: the chain's facts, the profile's format (chosen here, once), and caches of
 * what they render. A chain never changes, so each entity is serialised once and pages are
 * assembled from the pieces; only the view modules name its keys (ARCHITECTURE.md, Caches).
 */
export interface ViewContext<P extends Profile = Profile> {
  readonly chain: Chain;
  readonly facts: Facts;
  readonly profile: P;
  readonly format: ProfileFormat<P>;
  /** JSON of entities by key, bounded in total size. */
  readonly json: Lru<string>;
  /** View objects of the often repeated things (address references, tokens), bounded in number. */
  readonly objects: Memo;
}

/** 256 MB of cached JSON: all of default, the hot part of large. */
const JSON_BUDGET = 256 * 1024 * 1024;
/** View objects kept: every account's reference and token on `large`, with room to spare. */
const MAX_OBJECTS = 256 * 1024;

export const createViewContext = <P extends Profile>(
  chain: Chain,
  profile: P,
  jsonBudget = JSON_BUDGET,
): ViewContext<P> => ({
  chain,
  facts: factsOf(chain),
  profile,
  format: formatOf(profile),
  json: lru(jsonBudget),
  objects: boundedMemo(MAX_OBJECTS),
});

const CONTEXTS = new WeakMap<Chain, Map<Profile, ViewContext>>();

/**
 * The views of a chain in a profile, one per (chain, profile) as `factsOf` is one per chain: every
 * app serving the chain (a new one after a send, say) reads and fills the same caches. `jsonBudget`
 * counts when the context is first made.
 */
export function viewContextOf<P extends Profile>(chain: Chain, profile: P, jsonBudget = JSON_BUDGET): ViewContext<P> {
  let byProfile = CONTEXTS.get(chain);
  if (!byProfile) CONTEXTS.set(chain, (byProfile = new Map()));
  let ctx = byProfile.get(profile);
  if (!ctx) byProfile.set(profile, (ctx = createViewContext(chain, profile, jsonBudget)));
  return ctx as ViewContext<P>;
}

/**
 * Hands what the views of `from` rendered to the views of `to`, a chain that differs from it only
 * in `accounts` (a verification: a contract's name and sources): the JSON of every entity that
 * does not mention those accounts carries over, the rest is rendered again when asked. View
 * objects (address references…) do not carry over.
 */
export function carryViews(from: Chain, to: Chain, accounts: readonly number[]): void {
  const old = CONTEXTS.get(from);
  if (!old || CONTEXTS.has(to)) return;
  const mentions = accounts.flatMap((id) => [from.accounts[id]!.hash, from.accounts[id]!.lower]);
  const carried = new Map<Profile, ViewContext>();
  for (const [profile, ctx] of old) {
    const json = ctx.json.filtered((text) => !mentions.some((address) => text.includes(address)));
    carried.set(profile, { ...createViewContext(to, profile, 0), json });
  }
  CONTEXTS.set(to, carried);
}

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
export const cachedObject = <T>(ctx: ViewContext, key: string, build: () => T): T => ctx.objects.get(key, build);
