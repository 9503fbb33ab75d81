import { ModuleNotLoaded } from './lazyModule.js';

/** A piece of work that ran (or runs) asynchronously: its outcome once settled. */
interface Settling<T> {
  readonly promise: Promise<unknown>;
  outcome?: { readonly value: T } | { readonly error: unknown };
  /** The outcome's size where it is text (a trace's JSON), counted against the owner's budget. */
  bytes: number;
}

/** Outcomes kept per owner (a chain's context, a live chain), the oldest forgotten past this many. */
const MAX_KEPT = 4_096;
/** Characters of text outcomes kept per owner (traces' JSON), the oldest forgotten past them. */
const MAX_KEPT_CHARS = 64 * 1024 * 1024;
interface Kept {
  readonly outcomes: Map<string, Settling<unknown>>;
  chars: number;
}
const KEPT = new WeakMap<object, Kept>();

/** The size of an outcome that is text (a string, or an object holding its JSON as `text`). */
const charsOf = (value: unknown): number =>
  typeof value === 'string'
    ? value.length
    : value !== null && typeof value === 'object' && typeof (value as { text?: unknown }).text === 'string'
      ? (value as { text: string }).text.length
      : 0;

/**
 * The outcome of `run` under `key`, for methods whose work may be asynchronous (an EVM run) but
 * whose callers are not: the first call starts it and throws `ModuleNotLoaded` with its promise,
 * which the transport waits for before asking again (as for a module still loading); asked again,
 * the outcome is there. Outcomes are kept per `owner` (a bounded number), so a batch asked again
 * finds every earlier one. Text outcomes (a trace's JSON) also count against a budget of characters.
 */
export function settled<T>(owner: object, key: string, run: () => T | Promise<T>): T {
  let found = KEPT.get(owner);
  if (!found) KEPT.set(owner, (found = { outcomes: new Map(), chars: 0 }));
  const owned = found;
  const kept = owned.outcomes;
  const known = kept.get(key) as Settling<T> | undefined;
  if (known) {
    if (!known.outcome) throw new ModuleNotLoaded('an EVM run', known.promise);
    if ('error' in known.outcome) throw known.outcome.error;
    return known.outcome.value;
  }
  const value = run();
  if (!(value instanceof Promise)) return value;
  const settling: Settling<T> = {
    bytes: 0,
    promise: value.then(
      (v) => {
        settling.outcome = { value: v };
        settling.bytes = charsOf(v);
        if (kept.get(key) !== settling) return;
        owned.chars += settling.bytes;
        for (const [k, s] of kept) {
          if (owned.chars <= MAX_KEPT_CHARS || s === settling) break;
          kept.delete(k);
          owned.chars -= s.bytes;
        }
      },
      (error: unknown) => {
        settling.outcome = { error };
      },
    ),
  };
  kept.set(key, settling);
  if (kept.size > MAX_KEPT) {
    const [oldest, s] = kept.entries().next().value!;
    kept.delete(oldest);
    owned.chars -= s.bytes;
  }
  throw new ModuleNotLoaded('an EVM run', settling.promise);
}

/**
 * The outcome of `run` under `key`, for work that changes the chain (a send run on an EVM), as
 * `settled` but handed out once: the caller that asks again once it settled gets it, and the
 * outcome is forgotten, so the same transaction sent again later is a send of its own (refused as
 * already known, or run again after a revert).
 */
export function settledOnce<T>(owner: object, key: string, run: () => T | Promise<T>): T {
  let found = ONCE.get(owner);
  if (!found) ONCE.set(owner, (found = new Map()));
  const pending = found;
  const known = pending.get(key) as Settling<T> | undefined;
  if (known) {
    if (!known.outcome) throw new ModuleNotLoaded('an EVM run', known.promise);
    pending.delete(key);
    if ('error' in known.outcome) throw known.outcome.error;
    return known.outcome.value;
  }
  const value = run();
  if (!(value instanceof Promise)) return value;
  const settling: Settling<T> = {
    bytes: 0,
    promise: value.then(
      (v) => {
        settling.outcome = { value: v };
      },
      (error: unknown) => {
        settling.outcome = { error };
      },
    ),
  };
  pending.set(key, settling);
  throw new ModuleNotLoaded('an EVM run', settling.promise);
}

/** Outcomes `settledOnce` keeps until they are handed out, per owner. */
const ONCE = new WeakMap<object, Map<string, Settling<unknown>>>();
