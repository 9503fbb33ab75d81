import type { DayStats } from '../domain/dailyStats.js';

/**
 * How a line chart's points follow from the chain's days at each resolution, as the service's
 * chart sources build them (`SumLowerResolution`, `AverageLowerResolution`, `LastValueLowerResolution`,
 * `MapDivide`). A day has a point only where the service's query returns a row for it (`has`, a
 * positive weight); the read fills the others (`readPoints`).
 */
export type Series =
  /** A count or a sum per day; a week or month sums its days, a year its months. */
  | { readonly kind: 'sum'; readonly has: (d: DayStats) => boolean; readonly value: (d: DayStats) => number }
  /**
   * A mean per day, weighted by `weight` (points where it is positive); a week or month averages its
   * days by weight, a year its months (or its days, with `yearFromDays`).
   */
  | {
      readonly kind: 'average';
      readonly value: (d: DayStats) => number;
      readonly weight: (d: DayStats) => number;
      readonly yearFromDays?: boolean;
    }
  /** A running total of `step` (points where `has`); a longer period takes its last day's. */
  | { readonly kind: 'growth'; readonly has: (d: DayStats) => boolean; readonly step: (d: DayStats) => bigint }
  /** One series divided by another, period by period (0 where the divisor is 0 or absent). */
  | { readonly kind: 'ratio'; readonly dividend: Series; readonly divisor: Series }
  /** Distinct senders per day, or per week (not a sum of days). */
  | { readonly kind: 'activeAccounts' };
