import { fieldOf } from '../chain/table.js';
import { dayNumber, periodStart } from './dailyStatsPeriods.js';
import { utcDay } from './chainStats.js';
import type { Facts } from './facts.js';

/** Distinct senders in each week (Monday to Sunday, UTC) holding a transaction, oldest first; `week` is its Monday's day number. */
export const weeklySenders = (facts: Facts): readonly { readonly week: number; readonly senders: number }[] =>
  facts.memo.get('weekly-senders', () => {
    const weeks: { week: number; senders: number }[] = [];
    let week: number | undefined;
    let senders = new Set<number>();
    const fromId = fieldOf(facts.chain.transactions, 'fromId');
    for (const block of facts.chain.blocks) {
      if (block.transactionCount === 0) continue;
      const start = periodStart(dayNumber(utcDay(block.timestamp)), 'week');
      if (start !== week) {
        if (week !== undefined) weeks.push({ week, senders: senders.size });
        week = start;
        senders = new Set();
      }
      for (let i = block.transactionStart; i < block.transactionStart + block.transactionCount; i++)
        senders.add(fromId(i));
    }
    if (week !== undefined) weeks.push({ week, senders: senders.size });
    return weeks;
  });
