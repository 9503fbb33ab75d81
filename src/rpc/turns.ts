import { ModuleNotLoaded } from '../lazy/lazyModule.js';

/** How long work done in turns runs before it lets other requests be answered. */
export const TURN_MS = 10;

/**
 * Work split into steps: each `yield` is a point where it may pause (nothing, between two steps),
 * or a module it needs that is still loading (it waits for it, then goes on where it stopped).
 */
export type Steps<T> = Generator<ModuleNotLoaded | undefined, T, undefined>;

/** A step that computes `value`, waiting for each module it needs that is still loading, then computing it again. */
export function* computed<T>(value: () => T): Steps<T> {
  for (;;) {
    try {
      return value();
    } catch (error) {
      if (!(error instanceof ModuleNotLoaded)) throw error;
      yield error;
    }
  }
}

/** Runs steps to the end at once; a module still loading is thrown (`withModules` waits and runs them again). */
export function runAtOnce<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (step.value) throw step.value;
  }
}

/** The next turn of the event loop: after the I/O waiting now (a request that arrived) is handled. */
const nextTurn: () => Promise<void> =
  typeof setImmediate === 'function'
    ? () => new Promise((resolve) => setImmediate(resolve))
    : () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Runs steps in turns of `TURN_MS`: between two turns the event loop answers whoever else is
 * waiting, so a long batch never holds the server. Work that ends within its first turn is done
 * at once, without a promise (a single request, a short batch).
 */
export function runInTurns<T>(steps: Steps<T>, now: () => number = performance.now.bind(performance)): T | Promise<T> {
  const waitFor = turn(steps, now);
  return 'done' in waitFor ? waitFor.done : resume(steps, waitFor.pause, now);
}

/** Runs steps for one turn: their end, or why they paused. */
function turn<T>(
  steps: Steps<T>,
  now: () => number,
): { readonly done: T } | { readonly pause: ModuleNotLoaded | undefined } {
  const started = now();
  for (;;) {
    const step = steps.next();
    if (step.done) return { done: step.value };
    if (step.value || now() - started >= TURN_MS) return { pause: step.value };
  }
}

async function resume<T>(steps: Steps<T>, pause: ModuleNotLoaded | undefined, now: () => number): Promise<T> {
  for (;;) {
    await (pause ? pause.loading : nextTurn());
    const next = turn(steps, now);
    if ('done' in next) return next.done;
    pause = next.pause;
  }
}
