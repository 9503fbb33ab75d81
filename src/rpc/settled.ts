import { ModuleNotLoaded, sameAcrossAttempts } from '../lazy/lazyModule.js';

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

/**
 * The outcome of `run`, for work that changes the chain (a send run on an EVM): started on the
 * first attempt of the request, its outcome found by the request's next attempts (see
 * `sameAcrossAttempts`) and by nothing else, so the same transaction sent again later is a send
 * of its own (refused as already known, or run again after a revert).
 */
export function settledOnce<T>(run: () => T | Promise<T>): T {
  const settling = sameAcrossAttempts((): Settling<T> => {
    const value = run();
    if (!(value instanceof Promise)) return { promise: Promise.resolve(), outcome: { value } };
    const started: Settling<T> = {
      promise: value.then(
        (v) => {
          started.outcome = { value: v };
        },
        (error: unknown) => {
          started.outcome = { error };
        },
      ),
    };
    return started;
  });
  if (!settling.outcome) throw new ModuleNotLoaded('an EVM run', settling.promise);
  if ('error' in settling.outcome) throw settling.outcome.error;
  return settling.outcome.value;
}
