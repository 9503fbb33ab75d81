import { describe, expect, it } from 'vitest';
import { dayNumber } from '../domain/dailyStatsPeriods.js';
import type { Row } from './chartRows.js';
import { type ReadOptions, readPoints } from './readPoints.js';
import { StatsError } from './statsError.js';

const d = dayNumber;
const NOON_10_MAY = d('2024-05-10') * 86_400 + 43_200;
const rows: Row[] = [
  { start: d('2024-05-02'), value: 5 },
  { start: d('2024-05-05'), value: 7 },
  { start: d('2024-05-09'), value: 1 },
];
const read = (options: Partial<ReadOptions>, data: readonly Row[] = rows) =>
  readPoints(data, { period: 'day', fill: 'zero', updatedAt: NOON_10_MAY, ...options });
const dates = (points: ReturnType<typeof read>) => points.map((p) => p.date);
const values = (points: ReturnType<typeof read>) => points.map((p) => p.value);

describe('readPoints reads stored rows as the stats service does', () => {
  it('fills every day from the first row to the last update, with zero or the previous value', () => {
    const zero = read({});
    expect(dates(zero)).toEqual([
      '2024-05-02',
      '2024-05-03',
      '2024-05-04',
      '2024-05-05',
      '2024-05-06',
      '2024-05-07',
      '2024-05-08',
      '2024-05-09',
      '2024-05-10',
    ]);
    expect(values(zero)).toEqual(['5', '0', '0', '7', '0', '0', '0', '1', '0']);
    expect(values(read({ fill: 'previous' }))).toEqual(['5', '5', '5', '7', '7', '7', '7', '1', '1']);
    expect(zero.every((p) => p.date === p.date_to)).toBe(true);
  });

  it('marks the last update’s period approximate, and only it', () => {
    expect(read({}).map((p) => p.is_approximate)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it('reads the day of an update at exactly midnight (it ran just after the head block), approximate', () => {
    const points = read({ updatedAt: d('2024-05-10') * 86_400 });
    expect(points.at(-1)).toEqual({ date: '2024-05-10', date_to: '2024-05-10', value: '0', is_approximate: true });
    expect(points.filter((p) => p.is_approximate).length).toBe(1);
  });

  it('takes from and to inclusive, never past the last update', () => {
    expect(dates(read({ from: d('2024-05-04'), to: d('2024-05-06') }))).toEqual([
      '2024-05-04',
      '2024-05-05',
      '2024-05-06',
    ]);
    expect(values(read({ from: d('2024-05-04'), to: d('2024-05-06'), fill: 'previous' }))).toEqual(['5', '7', '7']);
    expect(read({ to: d('2030-01-01') }).at(-1)!.date).toBe('2024-05-10');
    expect(dates(read({ from: d('2024-04-30'), to: d('2024-05-02') }))).toEqual([
      '2024-04-30',
      '2024-05-01',
      '2024-05-02',
    ]);
    expect(values(read({ from: d('2024-04-30'), to: d('2024-05-02'), fill: 'previous' }))).toEqual(['0', '0', '5']);
  });

  it('answers an empty chart for an empty range, and zeros for a range before the data', () => {
    expect(read({ from: d('2024-05-08'), to: d('2024-05-03') })).toEqual([]);
    expect(read({ to: d('2024-04-01') })).toEqual([]);
    expect(values(read({ from: d('2024-03-30'), to: d('2024-04-01') }))).toEqual(['0', '0', '0']);
    expect(read({}, [])).toEqual([]);
    expect(values(read({ from: d('2024-05-09') }, []))).toEqual(['0', '0']);
  });

  it('reads weeks Monday to Sunday, each bound moved to its week', () => {
    const weeks: Row[] = [{ start: d('2024-04-29'), value: 12 }];
    const points = read({ period: 'week', from: d('2024-05-01') }, weeks);
    expect(points).toEqual([
      { date: '2024-04-29', date_to: '2024-05-05', value: '12', is_approximate: false },
      { date: '2024-05-06', date_to: '2024-05-12', value: '0', is_approximate: true },
    ]);
    // Midnight starting a Monday: the new week is open.
    expect(read({ period: 'week', updatedAt: d('2024-05-06') * 86_400 }, weeks)).toEqual(points);
    expect(read({ period: 'week', updatedAt: d('2024-05-05') * 86_400 + 86_399 }, weeks)).toEqual([
      { ...points[0], is_approximate: true },
    ]);
  });

  it('reads months and years with their last day', () => {
    const months = read({ period: 'month' }, [{ start: d('2024-02-01'), value: 3 }]);
    expect(months.map((p) => [p.date, p.date_to])).toEqual([
      ['2024-02-01', '2024-02-29'],
      ['2024-03-01', '2024-03-31'],
      ['2024-04-01', '2024-04-30'],
      ['2024-05-01', '2024-05-31'],
    ]);
    const years = read({ period: 'year', from: d('2022-06-01') }, [{ start: d('2024-01-01'), value: 3 }]);
    expect(years.map((p) => [p.date, p.date_to, p.value])).toEqual([
      ['2022-01-01', '2022-12-31', '0'],
      ['2023-01-01', '2023-12-31', '0'],
      ['2024-01-01', '2024-12-31', '3'],
    ]);
  });

  it('writes bigints exactly and floats as Rust does', () => {
    const big = [{ start: d('2024-05-10'), value: 123_456_789_012_345_678_901_234n }];
    expect(values(read({}, big))).toEqual(['123456789012345678901234']);
    expect(values(read({}, [{ start: d('2024-05-10'), value: 1e-7 }]))).toEqual(['0.0000001']);
  });

  it('refuses an interval longer than the points limit with a 400', () => {
    let error: unknown;
    try {
      read({ from: d('0001-01-01') });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StatsError);
    expect((error as StatsError).status).toBe(400);
    expect((error as StatsError).message).toBe(
      'exceeded limit on requested data points (~182500); choose smaller time interval.',
    );
    expect(read({ period: 'year', from: d('0001-01-01') }).length).toBe(2024);
  });
});
