import { type DayStats, dailyStats } from './dailyStats.js';
import type { Facts } from './facts.js';

/** The sums of the chain's days over all time (what the stats service's totals count). */
export interface StatsTotals {
  /** Transactions with status ok. */
  readonly successful: number;
  /** Accounts that sent at least one transaction. */
  readonly senders: number;
  readonly nativeCoinTransfers: number;
}

export const statsTotals = (facts: Facts): StatsTotals =>
  facts.memo.get('stats-totals', () => {
    let successful = 0;
    let senders = 0;
    let nativeCoinTransfers = 0;
    for (const day of dailyStats(facts)) {
      successful += day.successful;
      senders += day.newAccounts;
      nativeCoinTransfers += day.nativeCoinTransfers;
    }
    return { successful, senders, nativeCoinTransfers };
  });

/** The figures of one UTC day (`YYYY-MM-DD`), or undefined when the chain holds nothing on it. */
export const dayStatsOn = (facts: Facts, day: string): DayStats | undefined =>
  dailyStats(facts).find((d) => d.day === day);
