import { describe, expect, it } from 'vitest';
import { ModuleNotLoaded } from '../lazy/lazyModule.js';
import { runAtOnce, type Steps } from '../lazy/steps.js';
import { runInTurns, TURN_MS } from './turns.js';

/** Steps that each take `ms` of a fake clock, `count` of them, ending with how many ran. */
function* work(clock: { now: number }, count: number, ms: number): Steps<number> {
  for (let i = 0; i < count; i++) {
    clock.now += ms;
    yield;
  }
  return count;
}

describe('work done in turns', () => {
  it('ends at once, without a promise, when it fits in one turn', () => {
    const clock = { now: 0 };
    expect(runInTurns(work(clock, 5, 1), () => clock.now)).toBe(5);
  });

  it('lets other work run between its turns, and ends with its value', async () => {
    const clock = { now: 0 };
    const others: number[] = [];
    setImmediate(() => others.push(clock.now));
    const result = runInTurns(work(clock, 10, TURN_MS / 2), () => clock.now);
    expect(result).toBeInstanceOf(Promise);
    expect(others).toEqual([]);
    expect(await result).toBe(10);
    // The other work ran after the first turn, before the last.
    expect(others).toEqual([TURN_MS]);
  });

  it('waits for a module still loading, then goes on where it stopped', async () => {
    let loaded = false;
    const loading = new Promise<void>((resolve) => setTimeout(resolve, 10)).then(() => (loaded = true));
    function* needing(): Steps<string> {
      const seen: boolean[] = [];
      for (let i = 0; i < 3; i++) {
        if (i === 1 && !loaded) yield new ModuleNotLoaded('a module', loading);
        seen.push(loaded);
      }
      return seen.join();
    }
    expect(await runInTurns(needing(), () => 0)).toBe('false,true,true');
    // At once, the module still missing is thrown for `withModules` to wait out.
    loaded = false;
    expect(() => runAtOnce(needing())).toThrow(ModuleNotLoaded);
  });
});
