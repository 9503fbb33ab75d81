import { utcDay } from './chainStats.js';
import type { Facts } from './facts.js';

/** The native coin's price on one UTC day, as the explorer's market history keeps it. */
export interface CoinDayPrice {
  /** YYYY-MM-DD. */
  readonly day: string;
  /** USD, decimal strings. */
  readonly opening: string;
  readonly closing: string;
}

/**
 * The coin's market history, oldest first: the mock's market stands still at the chain's exchange
 * rate and has one day on record, the head's; earlier days have no history.
 */
export const coinPriceHistory = (facts: Facts): readonly CoinDayPrice[] => {
  const { chain } = facts;
  const day = utcDay(chain.blocks.at(chain.headHeight)!.timestamp);
  return [{ day, opening: chain.exchangeRate, closing: chain.exchangeRate }];
};

/** The coin's price on a UTC day, or null for a day the market history does not hold. */
export const coinPriceOn = (facts: Facts, day: string): CoinDayPrice | null =>
  coinPriceHistory(facts).find((d) => d.day === day) ?? null;
