import { ModuleNotLoaded } from '../lazy/lazyModule.js';

/** A piece of work that ran (or runs) asynchronously: its outcome once settled. */
interface Settling<T> {
  readonly promise: Promise<unknown>;
  outcome?: { readonly value: T } | { readonly error: unknown };
}

/** Outcomes kept per owner (a chain's context, a live chain), the oldest forgotten past this many. */
const MAX_KEPT = 4_096;
const KEPT = new WeakMap<object, Map<string, Settling<unknown>>>();

/**
 * The outcome of `run` under `key`, for methods whose work may be asynchronous (an EVM run) but
 * whose callers are not: the first call starts it and throws `ModuleNotLoaded` with its promise,
 * which the transport waits for before asking again (as for a module still loading); asked again,
 * the outcome is there. Outcomes are kept per `owner` (a bounded number), so a batch asked again
 * finds every earlier one.
 */
export function settled<T>(owner: object, key: string, run: () => T | Promise<T>): T {
  let kept = KEPT.get(owner);
  if (!kept) KEPT.set(owner, (kept = new Map()));
  const known = kept.get(key) as Settling<T> | undefined;
  if (known) {
    if (!known.outcome) throw new ModuleNotLoaded('an EVM run', known.promise);
    if ('error' in known.outcome) throw known.outcome.error;
    return known.outcome.value;
  }
  const value = run();
  if (!(value instanceof Promise)) return value;
  const settling: Settling<T> = {
    promise: value.then(
      (v) => {
        settling.outcome = { value: v };
      },
      (error: unknown) => {
        settling.outcome = { error };
      },
    ),
  };
  kept.set(key, settling);
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
  throw new ModuleNotLoaded('an EVM run', settling.promise);
}
