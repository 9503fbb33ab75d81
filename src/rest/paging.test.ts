import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, takePage } from './paging.js';

/** Walks every page of `keys` (sorted ascending, duplicates allowed) the way a client does. */
function walk(keys: number[], newestFirst: boolean, weight?: (e: number) => number) {
  const list = keys.map((_, i) => i);
  const seen: number[] = [];
  let cursor: number | null = null;
  for (let guard = 0; guard < 10_000; guard++) {
    const c = cursor;
    const after =
      c === null ? null : newestFirst ? (e: number) => keys[e]! < keys[c]! : (e: number) => keys[e]! > keys[c]!;
    const page = takePage(list, newestFirst, after, {
      together: (a, b) => keys[a] === keys[b],
      ...(weight ? { weight } : {}),
    });
    seen.push(...page.elements);
    if (!page.more) return { seen, pages: guard + 1 };
    cursor = page.elements[page.elements.length - 1]!;
  }
  throw new Error('did not end');
}

describe('takePage', () => {
  it('visits every element exactly once, in order, even with ties on the cursor key', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 400 }), fc.boolean(), (raw, newestFirst) => {
        const keys = [...raw].sort((a, b) => a - b);
        const { seen } = walk(keys, newestFirst);
        const expected = keys.map((_, i) => i);
        if (newestFirst) expected.reverse();
        expect(seen.map((e) => keys[e])).toEqual(expected.map((e) => keys[e]));
        expect(new Set(seen).size).toBe(keys.length);
      }),
    );
  });

  it('fills pages to the page size and says whether more follow', () => {
    const list = Array.from({ length: 120 }, (_, i) => i);
    const first = takePage(list, true, null);
    expect(first.elements).toHaveLength(PAGE_SIZE);
    expect(first.elements[0]).toBe(119);
    expect(first.more).toBe(true);
    const exact = takePage(list.slice(0, 50), false, null);
    expect(exact.more).toBe(false);
  });

  it('counts weighted elements and never splits a group', () => {
    const list = Array.from({ length: 30 }, (_, i) => i);
    const page = takePage(list, false, null, { weight: () => 3 });
    expect(page.elements).toHaveLength(17);
  });
});
