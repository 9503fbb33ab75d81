import { describe, expect, it } from 'vitest';
import { dayNumber } from '../domain/dailyStatsPeriods.js';
import { lineChartQuery, parseDay } from './lineChartQuery.js';
import { StatsError } from './statsError.js';

describe('the query of /lines/{name}', () => {
  it('reads YYYY-MM-DD dates and ignores anything else, as the service does', () => {
    expect(parseDay('2024-05-01')).toBe(dayNumber('2024-05-01'));
    expect(parseDay('2024-5-1')).toBe(dayNumber('2024-05-01'));
    for (const bad of ['2024-02-30', '2024-13-01', '24-05-01', '2024/05/01', 'today', '', '2024-05-01T00:00:00Z', null])
      expect(parseDay(bad), String(bad)).toBeUndefined();
    expect(lineChartQuery(new URLSearchParams('from=nope&to=2024-05-02'))).toEqual({
      from: undefined,
      to: dayNumber('2024-05-02'),
      resolution: 'DAY',
    });
  });

  it('takes a resolution by name, DAY when absent or unspecified', () => {
    expect(lineChartQuery(new URLSearchParams('')).resolution).toBe('DAY');
    expect(lineChartQuery(new URLSearchParams('resolution=UNSPECIFIED')).resolution).toBe('DAY');
    expect(lineChartQuery(new URLSearchParams('resolution=RESOLUTION_UNSPECIFIED')).resolution).toBe('DAY');
    expect(lineChartQuery(new URLSearchParams('resolution=YEAR')).resolution).toBe('YEAR');
  });

  it('refuses another resolution with a 400 naming it', () => {
    for (const bad of ['FOO', 'day', '', '1']) {
      let error: unknown;
      try {
        lineChartQuery(new URLSearchParams({ resolution: bad }));
      } catch (e) {
        error = e;
      }
      expect(error, bad).toBeInstanceOf(StatsError);
      expect((error as StatsError).status).toBe(400);
      expect((error as StatsError).message).toContain(`unknown variant \`${bad}\``);
    }
  });
});
