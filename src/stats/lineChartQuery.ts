import { civilOf, dayNumberOf } from '../domain/dailyStatsPeriods.js';
import { RESOLUTIONS, type Resolution } from './messages.js';
import { invalidArgument } from './statsError.js';

/** What `/lines/{name}` reads from its query: the inclusive day range (day numbers) and the resolution. */
export interface LineChartQuery {
  readonly from: number | undefined;
  readonly to: number | undefined;
  readonly resolution: Resolution;
}

/** A `YYYY-MM-DD` date as a day number; undefined for anything else (an impossible date too). */
export function parseDay(text: string | null): number | undefined {
  const m = text === null ? null : /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const n = dayNumberOf(year, month, day);
  const back = civilOf(n);
  return back.year === year && back.month === month && back.day === day ? n : undefined;
}

/** The variants the service's query accepts for `resolution` (prost strips the enum's prefix from `RESOLUTION_UNSPECIFIED`). */
const VARIANTS = ['UNSPECIFIED', ...RESOLUTIONS];

/**
 * The query of `/lines/{name}`: a `from` or `to` that is not a date is ignored, as the service
 * does; a `resolution` that is not one of its names is a 400 (the gateway's query error).
 */
export function lineChartQuery(query: URLSearchParams): LineChartQuery {
  const raw = query.get('resolution');
  let resolution: Resolution = 'DAY';
  if (raw !== null && raw !== 'UNSPECIFIED' && raw !== 'RESOLUTION_UNSPECIFIED') {
    if (!(RESOLUTIONS as readonly string[]).includes(raw))
      throw invalidArgument(
        `Query deserialize error: unknown variant \`${raw}\`, expected one of ${VARIANTS.map((v) => `\`${v}\``).join(', ')}`,
      );
    resolution = raw as Resolution;
  }
  return { from: parseDay(query.get('from')), to: parseDay(query.get('to')), resolution };
}
