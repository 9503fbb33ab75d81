import type { Chain } from '../chain/types.js';
import { type Facts, factsOf } from '../domain/facts.js';
import { DEFAULT_MEDIA_ORIGIN } from '../domain/nftMedia.js';
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
  /**
   * The origin clients reach the mock at (`http://127.0.0.1:4000`): where the URLs of the media it
   * serves point. A server knows it only once listening, so it is asked when a view is made.
   */
  readonly origin: () => string;
}

/** 256 MB of cached JSON: all of default, the hot part of large. */
const JSON_BUDGET = 256 * 1024 * 1024;
/** View objects kept: every account's reference and token on `large`, with room to spare. */
const MAX_OBJECTS = 256 * 1024;

const defaultOrigin = () => DEFAULT_MEDIA_ORIGIN;

export const createViewContext = <P extends Profile>(
  chain: Chain,
  profile: P,
  jsonBudget = JSON_BUDGET,
  origin: () => string = defaultOrigin,
): ViewContext<P> => ({
  chain,
  facts: factsOf(chain),
  profile,
  format: formatOf(profile),
  json: lru(jsonBudget),
  objects: boundedMemo(MAX_OBJECTS),
  origin,
});

/** Views by chain, then by (profile, origin): the origin getter an app is given names its media URLs. */
const CONTEXTS = new WeakMap<Chain, Map<Profile, Map<() => string, ViewContext>>>();

/**
 * The views of a chain in a profile, one per (chain, profile, origin) as `factsOf` is one per chain:
 * every app serving the chain (a new one after a send, say) with the same origin getter reads and
 * fills the same caches. `jsonBudget` counts when the context is first made.
 */
export function viewContextOf<P extends Profile>(
  chain: Chain,
  profile: P,
  jsonBudget = JSON_BUDGET,
  origin: () => string = defaultOrigin,
): ViewContext<P> {
  let byProfile = CONTEXTS.get(chain);
  if (!byProfile) CONTEXTS.set(chain, (byProfile = new Map()));
  let byOrigin = byProfile.get(profile);
  if (!byOrigin) byProfile.set(profile, (byOrigin = new Map()));
  let ctx = byOrigin.get(origin);
  if (!ctx) byOrigin.set(origin, (ctx = createViewContext(chain, profile, jsonBudget, origin)));
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
  // Its verified ABI decodes what clients sent it, and its methods and events what they sent
  // elsewhere and the logs other code emitted (the explorer's contract_methods): a token transfer
  // or a filter row names such a transaction's method without naming the callee, so they go by the
  // hash of every sent one with a selector and of every one whose logs executed code emitted,
  // looked up among the hashes a text holds (one scan of it, whatever the count of sends).
  const sent = new Set<string>();
  for (let index = 0; index < from.transactions.length; index++) {
    const t = from.transactions.at(index)!;
    if (t.signed && t.signed.input.length >= 10) sent.add(t.hash.toLowerCase());
  }
  for (const e of from.events) if (e.raw) sent.add(from.transactions.at(e.transaction)!.hash.toLowerCase());
  const mentionsSent = (text: string) => {
    if (!sent.size) return false;
    for (const [hash] of text.matchAll(/0x[0-9a-fA-F]{64}/g)) if (sent.has(hash.toLowerCase())) return true;
    return false;
  };
  // An entity of the account itself need not name its address (a smart contract's record does not).
  const ownKeys = new Set(
    accounts.flatMap((id) => [`contract:${id}`, `contract-item:${id}`, `address:${id}`, `address-item:${id}`]),
  );
  const carried = new Map<Profile, Map<() => string, ViewContext>>();
  for (const [profile, byOrigin] of old) {
    const next = new Map<() => string, ViewContext>();
    for (const [origin, ctx] of byOrigin) {
      const json = ctx.json.filtered(
        (text, key) => !ownKeys.has(key) && !mentions.some((address) => text.includes(address)) && !mentionsSent(text),
      );
      next.set(origin, { ...createViewContext(to, profile, 0, origin), json });
    }
    carried.set(profile, next);
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
