import type { Period } from '../domain/dailyStatsPeriods.js';
import { seriesRows } from './chartRows.js';
import type { LineChartSpec } from './lineChartCatalogue.js';
import type { LineChart, LineChartInfo, Resolution } from './messages.js';
import { readPoints } from './readPoints.js';
import { nowOf, type StatsContext } from './statsContext.js';

const PERIODS: Readonly<Record<Resolution, Period>> = { DAY: 'day', WEEK: 'week', MONTH: 'month', YEAR: 'year' };

/** A chart's info, as `/lines` lists it and every chart answer repeats it. */
export const lineChartInfo = (spec: LineChartSpec): LineChartInfo => ({
  id: spec.id,
  title: spec.title,
  description: spec.description,
  units: spec.units,
  resolutions: [...spec.resolutions],
});

/** A line chart's points in `resolution` (one the chart offers) over [from, to], and its info. */
export function lineChart(
  ctx: StatsContext,
  spec: LineChartSpec,
  resolution: Resolution,
  range: { readonly from?: number | undefined; readonly to?: number | undefined } = {},
): LineChart {
  const updatedAt = nowOf(ctx);
  let rows = seriesRows(ctx.facts, spec.series, PERIODS[resolution]);
  if (spec.windowDays !== undefined) {
    const today = Math.floor(updatedAt / 86_400);
    rows = rows.filter((r) => r.start >= today - spec.windowDays! && r.start < today);
  }
  return {
    chart: readPoints(rows, {
      period: PERIODS[resolution],
      fill: spec.fill,
      from: range.from,
      to: range.to,
      updatedAt,
    }),
    info: lineChartInfo(spec),
  };
}
