/**
 * The UTC calendar the daily figures are grouped by: a day is a number (days since 1970-01-01,
 * proleptic Gregorian, so any year 0000–9999 works, unlike `Date.UTC` which maps 0–99 to 1900–1999),
 * and a period is named by its first day.
 */

/** A period the stats group days into: a UTC day, a week (Monday to Sunday), a month or a year. */
export type Period = 'day' | 'week' | 'month' | 'year';

/** The day number of a civil date (Hinnant's `days_from_civil`). */
export function dayNumberOf(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The civil date of a day number (Hinnant's `civil_from_days`). */
export function civilOf(dayNumber: number): { readonly year: number; readonly month: number; readonly day: number } {
  const z = dayNumber + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** `YYYY-MM-DD` of a day number. */
export function dayText(dayNumber: number): string {
  const { year, month, day } = civilOf(dayNumber);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The day number of a `YYYY-MM-DD` day (as `utcDay` writes it). */
export const dayNumber = (day: string): number =>
  dayNumberOf(Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10)));

/** The first day of the period holding `day`. */
export function periodStart(day: number, period: Period): number {
  switch (period) {
    case 'day':
      return day;
    case 'week':
      // 1970-01-01 was a Thursday: Monday is 3 days before it.
      return day - ((((day + 3) % 7) + 7) % 7);
    case 'month': {
      const { year, month } = civilOf(day);
      return dayNumberOf(year, month, 1);
    }
    case 'year':
      return dayNumberOf(civilOf(day).year, 1, 1);
  }
}

/** The first day of the period after the one starting at `start`. */
export function nextPeriodStart(start: number, period: Period): number {
  switch (period) {
    case 'day':
      return start + 1;
    case 'week':
      return start + 7;
    case 'month': {
      const { year, month } = civilOf(start);
      return month === 12 ? dayNumberOf(year + 1, 1, 1) : dayNumberOf(year, month + 1, 1);
    }
    case 'year':
      return dayNumberOf(civilOf(start).year + 1, 1, 1);
  }
}
