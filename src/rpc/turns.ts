import type { ModuleNotLoaded } from '../lazy/lazyModule.js';
import type { Steps } from '../lazy/steps.js';

/** How long work done in turns runs before it lets other requests be answered. */
export const TURN_MS = 10;

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
