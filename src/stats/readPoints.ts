import { civilOf, dayText, nextPeriodStart, type Period, periodStart } from '../domain/dailyStatsPeriods.js';
import type { Row } from './chartRows.js';
import { f64Display } from './f64Display.js';
import type { Point } from './messages.js';
import { invalidArgument } from './statsError.js';

/** The service's default `requested_points_limit`: a longer interval is refused. */
export const REQUESTED_POINTS_LIMIT = 182_500;

export interface ReadOptions {
  readonly period: Period;
  readonly fill: 'zero' | 'previous';
  /** The requested first and last days (day numbers), inclusive; absent: from the first stored point, to the last update. */
  readonly from?: number | undefined;
  readonly to?: number | undefined;
  /** When the chart was last updated, in unix seconds: the head block's time (the update ran just after the head block, so holds it). */
  readonly updatedAt: number;
}

/** Periods between two period starts, as the service counts them for its limit (`ApproxUnsignedDiff`). */
function periodsBetween(from: number, to: number, period: Period): number {
  switch (period) {
    case 'day':
      return to - from;
    case 'week':
      return Math.floor((to - from) / 7);
    case 'month':
      return Math.floor((to - from) / 30.436875);
    case 'year':
      return civilOf(to).year - civilOf(from).year;
  }
}

const formatValue = (value: number | bigint): string => (typeof value === 'bigint' ? String(value) : f64Display(value));

/**
 * A chart's points as the service reads them (`get_line_chart_data` with `fill_missing_dates`):
 * the stored rows within [from, to] (each bound moved to its period's start), `to` never past the
 * period of the last update; every period in between present, a missing one read as zero or as the
 * previous value (zero before the first); the last update's period marked approximate. (The
 * service's update at a period's very start would leave that period out; the mock's update runs just
 * after the head block, so the head's period is always read, and always open.)
 * Throws `StatsError` (400) for an interval longer than `REQUESTED_POINTS_LIMIT`.
 */
export function readPoints(rows: readonly Row[], options: ReadOptions): Point[] {
  const { period, fill, updatedAt } = options;
  const relevantUntil = periodStart(Math.floor(updatedAt / 86_400), period);
  const from = options.from === undefined ? undefined : periodStart(options.from, period);
  const to = Math.min(options.to === undefined ? relevantUntil : periodStart(options.to, period), relevantUntil);

  let data = [...rows];
  if (fill === 'previous' && from !== undefined) {
    const before = data.filter((r) => r.start < from).at(-1);
    if (before && !data.some((r) => r.start === from)) data.push({ start: from, value: before.value });
    data.sort((a, b) => a.start - b.start);
  }
  data = data.filter((r) => (from === undefined || r.start >= from) && r.start <= to);

  // Filled from `from` (else the first stored point) to `to`; nothing to fill in an empty range.
  const first = from ?? data[0]?.start;
  const filled: Row[] = [];
  if (first !== undefined && first <= to) {
    if (periodsBetween(first, to, period) > REQUESTED_POINTS_LIMIT)
      throw invalidArgument(
        `exceeded limit on requested data points (~${REQUESTED_POINTS_LIMIT}); choose smaller time interval.`,
      );
    const stored = new Map(data.map((r) => [r.start, r.value]));
    let previous: number | bigint = 0;
    for (let start = first; start <= to; start = nextPeriodStart(start, period)) {
      const value: number | bigint = stored.get(start) ?? (fill === 'previous' ? previous : 0);
      filled.push({ start, value });
      previous = value;
    }
  }
  return filled.map((r) => ({
    date: dayText(r.start),
    date_to: dayText(nextPeriodStart(r.start, period) - 1),
    value: formatValue(r.value),
    is_approximate: r.start >= relevantUntil,
  }));
}
