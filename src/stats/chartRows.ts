import { type DayStats, dailyStats } from '../domain/dailyStats.js';
import { dayNumber, type Period, periodStart } from '../domain/dailyStatsPeriods.js';
import { weeklySenders } from '../domain/dailyStatsWeeklySenders.js';
import type { Facts } from '../domain/facts.js';
import type { Series } from './series.js';

/** A stored point of a chart: the first day (day number) of its period and its value (a bigint for exact totals). */
export interface Row {
  readonly start: number;
  readonly value: number | bigint;
}

interface WeightedRow extends Row {
  readonly value: number;
  readonly weight: number;
}

/** Consecutive rows grouped by the period holding their start (rows are in time order). */
function groups<R extends Row>(rows: readonly R[], period: Period): { start: number; rows: R[] }[] {
  const out: { start: number; rows: R[] }[] = [];
  for (const row of rows) {
    const start = periodStart(row.start, period);
    const last = out[out.length - 1];
    if (last?.start === start) last.rows.push(row);
    else out.push({ start, rows: [row] });
  }
  return out;
}

const sumBy = (rows: readonly Row[], period: Period): Row[] =>
  groups(rows, period).map((g) => ({ start: g.start, value: g.rows.reduce((s, r) => s + Number(r.value), 0) }));

const lastBy = (rows: readonly Row[], period: Period): Row[] =>
  groups(rows, period).map((g) => ({ start: g.start, value: g.rows[g.rows.length - 1]!.value }));

function averageBy(rows: readonly WeightedRow[], period: Period): WeightedRow[] {
  return groups(rows, period).map((g) => {
    let weighted = 0;
    let weight = 0;
    for (const r of g.rows) {
      weighted += r.value * r.weight;
      weight += r.weight;
    }
    return { start: g.start, value: weighted / weight, weight };
  });
}

/** Zips two row lists by period: both → dividend / divisor (0 for a zero divisor), divisor alone → 0, dividend alone → no point. */
function divide(dividend: readonly Row[], divisor: readonly Row[]): Row[] {
  const byStart = new Map(dividend.map((r) => [r.start, Number(r.value)]));
  return divisor.map((r) => {
    const d = Number(r.value);
    const n = byStart.get(r.start);
    return { start: r.start, value: n === undefined || d <= 0 ? 0 : n / d };
  });
}

/** The stored points of a series in a period (`day`, `week`, `month` or `year`), oldest first. */
export function seriesRows(facts: Facts, series: Series, period: Period): Row[] {
  const days = dailyStats(facts);
  const start = (d: DayStats) => dayNumber(d.day);
  switch (series.kind) {
    case 'sum': {
      const daily = days.filter(series.has).map((d) => ({ start: start(d), value: series.value(d) }));
      if (period === 'day') return daily;
      return period === 'year' ? sumBy(sumBy(daily, 'month'), 'year') : sumBy(daily, period);
    }
    case 'average': {
      const daily = days
        .filter((d) => series.weight(d) > 0)
        .map((d) => ({ start: start(d), value: series.value(d), weight: series.weight(d) }));
      if (period === 'day') return daily;
      if (period === 'year' && !series.yearFromDays) return averageBy(averageBy(daily, 'month'), 'year');
      return averageBy(daily, period);
    }
    case 'growth': {
      let total = 0n;
      const daily: Row[] = [];
      for (const d of days) {
        total += series.step(d);
        if (series.has(d)) daily.push({ start: start(d), value: total });
      }
      return period === 'day' ? daily : lastBy(daily, period);
    }
    case 'ratio':
      return divide(seriesRows(facts, series.dividend, period), seriesRows(facts, series.divisor, period));
    case 'activeAccounts':
      return period === 'week'
        ? weeklySenders(facts).map((w) => ({ start: w.week, value: w.senders }))
        : days.filter((d) => d.transactions > 0).map((d) => ({ start: start(d), value: d.activeAccounts }));
  }
}
