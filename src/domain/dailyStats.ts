import { fieldOf, isNullOf } from '../chain/table.js';
import { NONE } from '../chain/types.js';
import { utcDay } from './chainStats.js';
import { contractTimeline } from './dailyStatsContracts.js';
import type { Facts } from './facts.js';

/** What the chain did on one UTC day: the sums the stats service's daily charts are made of. */
export interface DayStats {
  /** `YYYY-MM-DD`. */
  readonly day: string;
  /** Consensus blocks. */
  readonly blocks: number;
  /** Sums over the blocks: size in bytes, gas limit, gas used. */
  readonly blockSize: bigint;
  readonly gasLimit: bigint;
  readonly gasUsed: bigint;
  /** The blocks' reward rows (miner, emission, uncle… rewards) and their sum in wei. */
  readonly rewards: number;
  readonly rewardSum: bigint;
  readonly transactions: number;
  /** Transactions with status ok. */
  readonly successful: number;
  /** Sum of the transactions' fees (gas used × effective gas price), in wei. */
  readonly fees: bigint;
  /** Sum of the transactions' effective gas prices, in wei. */
  readonly gasPrices: bigint;
  /** Transactions with an empty input (plain coin transfers, of any value). */
  readonly nativeCoinTransfers: number;
  /** Distinct senders of the day's transactions. */
  readonly activeAccounts: number;
  /** Senders whose first transaction is on this day. */
  readonly newAccounts: number;
  /** Contracts with code created on this day. */
  readonly newContracts: number;
  /** Contracts verified on this day (by their verified_at). */
  readonly newVerifiedContracts: number;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const emptyDay = (day: string): Mutable<DayStats> => ({
  day,
  blocks: 0,
  blockSize: 0n,
  gasLimit: 0n,
  gasUsed: 0n,
  rewards: 0,
  rewardSum: 0n,
  transactions: 0,
  successful: 0,
  fees: 0n,
  gasPrices: 0n,
  nativeCoinTransfers: 0,
  activeAccounts: 0,
  newAccounts: 0,
  newContracts: 0,
  newVerifiedContracts: 0,
});

/** One UTC day's sums (`YYYY-MM-DD`), or undefined for a day the chain has neither a block nor a verification of. */
export const dayStatsOf = (facts: Facts, day: string): DayStats | undefined =>
  facts.memo.get('daily-stats-by-day', () => new Map(dailyStats(facts).map((stats) => [stats.day, stats]))).get(day);

/**
 * The chain's days, oldest first: each UTC day holding a consensus block (or a verification), with
 * its sums. One pass over the blocks and their transactions. Needs the contract catalogue (for
 * verified_at).
 */
export const dailyStats = (facts: Facts): readonly DayStats[] =>
  facts.memo.get('daily-stats', () => {
    const { chain } = facts;
    const days = new Map<string, Mutable<DayStats>>();
    const dayOf = (day: string) => {
      let stats = days.get(day);
      if (!stats) days.set(day, (stats = emptyDay(day)));
      return stats;
    };
    // Whole-chain folds read the fields they need from columns: a loaded snapshot decodes no rows.
    const status = fieldOf(chain.transactions, 'status');
    const gasPrice = fieldOf(chain.transactions, 'gasPrice');
    const fromId = fieldOf(chain.transactions, 'fromId');
    const callIsNull = isNullOf(chain.transactions, 'call');
    const createdId = fieldOf(chain.transactions, 'createdId');
    const signed = fieldOf(chain.transactions, 'signed');
    /** The input is empty exactly when `inputOf` answers `0x`: neither a method call nor a creation (or sent so). */
    const hasEmptyInput = (i: number): boolean => {
      const sent = signed(i);
      return sent ? sent.input === '0x' : callIsNull(i) && createdId(i) === NONE;
    };
    const everSent = new Set<number>();
    let sentToday = new Set<number>();
    let today: Mutable<DayStats> | undefined;
    for (const block of chain.blocks) {
      const stats = dayOf(utcDay(block.timestamp));
      if (stats !== today) {
        if (today) today.activeAccounts = sentToday.size;
        // Blocks come in time order: a day's blocks are consecutive.
        today = stats;
        sentToday = new Set();
      }
      stats.blocks++;
      stats.blockSize += BigInt(block.size);
      stats.gasLimit += BigInt(block.gasLimit);
      stats.gasUsed += BigInt(block.gasUsed);
      stats.rewards += block.rewards.length;
      for (const reward of block.rewards) stats.rewardSum += reward.amount;
      stats.transactions += block.transactionCount;
      stats.fees += block.transactionFees;
      for (let i = block.transactionStart; i < block.transactionStart + block.transactionCount; i++) {
        if (status(i) === 'ok') stats.successful++;
        stats.gasPrices += gasPrice(i);
        if (hasEmptyInput(i)) stats.nativeCoinTransfers++;
        const sender = fromId(i);
        sentToday.add(sender);
        if (!everSent.has(sender)) {
          everSent.add(sender);
          stats.newAccounts++;
        }
      }
    }
    if (today) today.activeAccounts = sentToday.size;
    const { created, verified } = contractTimeline(facts);
    for (const t of created) dayOf(utcDay(t)).newContracts++;
    for (const t of verified) dayOf(utcDay(t)).newVerifiedContracts++;
    return [...days.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  });
