import { chainTotals } from './chainStats.js';
import type { Facts } from './facts.js';

/** How far a block is ahead of the head, and how long the chain should take to reach it. */
export interface BlockCountdown {
  readonly current: number;
  readonly target: number;
  readonly remaining: number;
  /** Remaining blocks times the average block time, rounded to a tenth of a second (the explorer's `Float.round(…, 1)`). */
  readonly estimatedSeconds: number;
}

/** The countdown to block `target`; null once the head has reached it. */
export function blockCountdown(facts: Facts, target: number): BlockCountdown | null {
  const current = facts.chain.headHeight;
  const remaining = target - current;
  if (remaining <= 0) return null;
  const seconds = chainTotals(facts).averageBlockTimeMs / 1000;
  return { current, target, remaining, estimatedSeconds: Math.round(remaining * seconds * 10) / 10 };
}
