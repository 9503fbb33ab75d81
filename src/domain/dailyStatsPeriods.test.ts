import { describe, expect, it } from 'vitest';
import { civilOf, dayNumber, dayNumberOf, dayText, nextPeriodStart, periodStart } from './dailyStatsPeriods.js';

describe('the UTC calendar of the stats', () => {
  it('numbers days of the years 0000–9999 as Date does', () => {
    for (let n = dayNumberOf(0, 1, 1); n <= dayNumberOf(9999, 12, 31); n += 997) {
      const text = dayText(n);
      expect(dayNumber(text), text).toBe(n);
      expect(new Date(n * 86_400_000).toISOString().slice(0, 10)).toBe(text);
    }
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayText(dayNumberOf(0, 1, 1))).toBe('0000-01-01');
    expect(dayText(dayNumberOf(9999, 12, 31))).toBe('9999-12-31');
    expect(civilOf(dayNumber('2024-02-29'))).toEqual({ year: 2024, month: 2, day: 29 });
    expect(dayNumber('2024-03-01') - dayNumber('2024-02-28')).toBe(2);
    expect(dayNumber('1900-03-01') - dayNumber('1900-02-28')).toBe(1);
  });

  it('starts weeks on Monday, months on the 1st and years on 1 January', () => {
    const d = (text: string) => dayNumber(text);
    expect(dayText(periodStart(d('2024-05-01'), 'week'))).toBe('2024-04-29'); // a Wednesday
    expect(dayText(periodStart(d('2024-04-29'), 'week'))).toBe('2024-04-29'); // a Monday
    expect(dayText(periodStart(d('2024-05-05'), 'week'))).toBe('2024-04-29'); // a Sunday
    expect(dayText(periodStart(d('1969-12-31'), 'week'))).toBe('1969-12-29');
    expect(dayText(periodStart(d('2024-02-29'), 'month'))).toBe('2024-02-01');
    expect(dayText(periodStart(d('2024-12-31'), 'year'))).toBe('2024-01-01');
    expect(periodStart(d('2024-12-31'), 'day')).toBe(d('2024-12-31'));
    expect(dayText(nextPeriodStart(d('2024-04-29'), 'week'))).toBe('2024-05-06');
    expect(dayText(nextPeriodStart(d('2024-12-01'), 'month'))).toBe('2025-01-01');
    expect(dayText(nextPeriodStart(d('2024-02-01'), 'month'))).toBe('2024-03-01');
    expect(dayText(nextPeriodStart(d('2024-01-01'), 'year'))).toBe('2025-01-01');
    for (let n = -1000; n < 1000; n++) {
      const week = periodStart(n, 'week');
      expect(new Date(week * 86_400_000).getUTCDay()).toBe(1);
      expect(n - week).toBeLessThan(7);
      expect(n - week).toBeGreaterThanOrEqual(0);
    }
  });
});
