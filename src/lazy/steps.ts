import { ModuleNotLoaded } from './lazyModule.js';

/**
 * Work split into steps: each `yield` is a point where it may pause (nothing, between two steps),
 * or a module it needs that is still loading (it waits for it, then goes on where it stopped).
 * Whoever runs them decides how: at once (`runAtOnce`), or in turns with other work (the node's
 * `runInTurns`).
 */
export type Steps<T> = Generator<ModuleNotLoaded | undefined, T, undefined>;

/** Whether a value is steps to it rather than the value itself. */
export const isSteps = <T>(value: T | Steps<T>): value is Steps<T> =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { next?: unknown }).next === 'function' &&
  Symbol.iterator in value;

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
