import type fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as arb from '../../src/arbitraries/index.js';
import { schemas } from '../../src/schemas/index.js';
import { everyValue } from './laws.js';

describe('every value is valid', () => {
  const pageCases = Object.entries(arb.page) as unknown as [
    keyof typeof arb.page,
    (o?: arb.PageOptions) => fc.Arbitrary<any>,
  ][];
  it.each(pageCases)('page.%s: 1,000 pages valid, cursors pointing after the last item', (name, page) => {
    everyValue(page({ maxItems: 8 }), schemas.responses[name], (p) => {
      expect(p.items.length).toBeLessThanOrEqual(8);
      if (p.items.length === 0) expect(p.next_page_params).toBeNull();
    });
  });
});
