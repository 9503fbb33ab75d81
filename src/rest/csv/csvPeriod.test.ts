import { describe, expect, it } from 'vitest';
import { buildChain } from '../../../generators/buildChain.js';
import { ApiError } from '../errors.js';
import { periodBlock, periodInstant } from './csvPeriod.js';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('periodInstant', () => {
  it('reads a date alone as its first second (from) or its last (to)', () => {
    expect(periodInstant('2024-05-01', 'from')).toEqual({ seconds: at('2024-05-01T00:00:00Z'), fraction: false });
    expect(periodInstant('2024-05-01', 'to')).toEqual({ seconds: at('2024-05-01T23:59:59Z'), fraction: false });
  });

  it('reads a date and time with seconds and a zone, the offset applied and a fraction noted', () => {
    expect(periodInstant('2024-05-01T12:05:00Z', 'from')?.seconds).toBe(at('2024-05-01T12:05:00Z'));
    expect(periodInstant('2024-05-01T14:05:00+02:00', 'to')?.seconds).toBe(at('2024-05-01T12:05:00Z'));
    expect(periodInstant('2024-05-01T10:05:00-0200', 'to')?.seconds).toBe(at('2024-05-01T12:05:00Z'));
    expect(periodInstant('2024-05-01T12:05:00.250Z', 'from')).toEqual({
      seconds: at('2024-05-01T12:05:00Z'),
      fraction: true,
    });
  });

  it('reads nothing where Elixir reads nothing: no seconds, no zone, no such day', () => {
    for (const text of ['2024-05-01T12', '2024-05-01T12:05', '2024-05-01T12:05:00', '2024-02-30', 'null'])
      expect(periodInstant(text, 'from'), text).toBeUndefined();
  });
});

describe('periodBlock', () => {
  const chain = buildChain({ scenario: 'tiny', seed: 1 });
  const time = (h: number) => chain.blocks.at(h)!.timestamp;
  const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

  it('is the first block at or after a from bound and the last at or before a to bound', () => {
    expect(periodBlock(chain, 'from_period', iso(time(10)))).toBe(10);
    expect(periodBlock(chain, 'from_period', iso(time(10) - 1))).toBe(10);
    expect(periodBlock(chain, 'to_period', iso(time(10)))).toBe(10);
    expect(periodBlock(chain, 'to_period', iso(time(10) + 1))).toBe(10);
    // A fraction of a second past block 10's time starts after it.
    expect(periodBlock(chain, 'from_period', iso(time(10)).replace('.000Z', '.5Z'))).toBe(11);
  });

  it('past either end of the chain, the height beyond it; block 0 where the text names no instant', () => {
    expect(periodBlock(chain, 'from_period', iso(time(chain.headHeight) + 1))).toBe(chain.headHeight + 1);
    expect(periodBlock(chain, 'to_period', iso(time(0) - 1))).toBe(-1);
    expect(periodBlock(chain, 'to_period', 'null')).toBe(0);
    expect(periodBlock(chain, 'to_period', '2024-05-01T12')).toBe(0);
  });

  it('refuses with a 422 naming the parameter what the explorer’s schema refuses', () => {
    for (const text of ['yesterday', '2024-5-1', '', '1714564800']) {
      let error: unknown;
      try {
        periodBlock(chain, 'from_period', text);
      } catch (e) {
        error = e;
      }
      expect(error, text).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(422);
      expect((error as ApiError).errors?.[0]?.source.pointer).toBe('/from_period');
    }
  });
});
