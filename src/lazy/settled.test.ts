import { describe, expect, it } from 'vitest';
import { ModuleNotLoaded } from './lazyModule.js';
import { settled } from './settled.js';

/** The outcome once settled: the first ask throws with the promise to wait for. */
async function ask<T>(owner: object, key: string, run: () => T | Promise<T>): Promise<T> {
  try {
    return settled(owner, key, run);
  } catch (error) {
    if (!(error instanceof ModuleNotLoaded)) throw error;
    await error.loading;
    return settled(owner, key, run);
  }
}

describe('settled', () => {
  it('answers a synchronous value at once, an asynchronous one once it has settled, errors included', async () => {
    const owner = {};
    expect(settled(owner, 'a', () => 1)).toBe(1);
    let runs = 0;
    expect(await ask(owner, 'b', async () => ++runs)).toBe(1);
    expect(settled(owner, 'b', async () => ++runs)).toBe(1);
    await expect(ask(owner, 'c', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
  });

  it('forgets the oldest text outcomes past 64 M characters, keeping the newest', async () => {
    const owner = {};
    const big = 'x'.repeat(30 * 1024 * 1024);
    for (const key of ['1', '2', '3']) await ask(owner, key, async () => big);
    let again = 0;
    // The oldest is run again; the newest is still there.
    await ask(owner, '1', async () => {
      again++;
      return big;
    });
    expect(again).toBe(1);
    expect(settled(owner, '3', () => 'not run')).toBe(big);
  });
});
