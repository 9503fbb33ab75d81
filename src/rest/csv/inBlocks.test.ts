import { describe, expect, it } from 'vitest';
import { inBlocks, newestInBlocks, oldestInBlocks } from './inBlocks.js';

describe('inBlocks', () => {
  // Elements are their own blocks: 1, 2, 2, 3, 5, 5, 8.
  const list = [1, 2, 2, 3, 5, 5, 8];
  const block = (x: number) => x;

  it('finds the elements of an inclusive block range', () => {
    expect(inBlocks(list, block, 2, 5)).toEqual({ start: 1, end: 6 });
    expect(inBlocks(list, block, 4, 4)).toEqual({ start: 4, end: 4 });
    expect(inBlocks(list, block, 0, 100)).toEqual({ start: 0, end: 7 });
    expect(inBlocks(list, block, 6, 2)).toEqual({ start: 6, end: 6 });
  });

  it('takes at most a limit, from the newest or from the oldest end', () => {
    expect(newestInBlocks(list, block, 2, 5, 3)).toEqual([5, 5, 3]);
    expect(oldestInBlocks(list, block, 2, 5, 3)).toEqual([2, 2, 3]);
    expect(newestInBlocks(list, block, 0, 100, 100)).toEqual([...list].reverse());
  });
});
