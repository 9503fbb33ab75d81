import { beforeAll, describe, expect, it } from 'vitest';
import { buildChain } from '../../generators/buildChain.js';
import type { Chain } from '../chain/types.js';
import { transactionsByDay, utcDay } from './chainStats.js';
import { contractsWithCode, verifiedContracts } from './contracts.js';
import { dailyStats } from './dailyStats.js';
import { contractTimeline, lastDayContracts } from './dailyStatsContracts.js';
import { dayNumber, periodStart } from './dailyStatsPeriods.js';
import { dayStatsOn, statsTotals } from './dailyStatsTotals.js';
import { weeklySenders } from './dailyStatsWeeklySenders.js';
import { factsOf } from './facts.js';
import { feesOf } from './transactions.js';
import { loadLazyModules } from './lazyModules.js';

beforeAll(() => loadLazyModules());

describe.each([
  ['tiny', { scenario: 'tiny', seed: 1 }],
  ['tiny, a block every 5 hours', { scenario: 'tiny', seed: 4, slotSeconds: 5 * 3_600 }],
  ['default, a block every 20 minutes', { scenario: 'default', seed: 1, slotSeconds: 1_200 }],
] as const)('the daily figures of %s', (_name, options) => {
  let chain: Chain;
  beforeAll(() => {
    chain = buildChain(options);
  });

  it('hold each block and transaction in its UTC day, once, days in order', () => {
    const facts = factsOf(chain);
    const days = dailyStats(facts);
    expect(days.map((d) => d.day)).toEqual([...new Set(days.map((d) => d.day))].sort());
    expect(days.reduce((n, d) => n + d.blocks, 0)).toBe(chain.headHeight + 1);
    expect(days.reduce((n, d) => n + d.transactions, 0)).toBe(chain.transactions.length);
    // The same count per day as the REST API's transactions chart uses.
    expect(days.filter((d) => d.blocks > 0).map((d) => [d.day, d.transactions])).toEqual(transactionsByDay(facts));
    if ('slotSeconds' in options) expect(days.length).toBeGreaterThan(1);
  });

  it('sum each day’s blocks and transactions as they hold them', () => {
    const facts = factsOf(chain);
    const expected = new Map<
      string,
      { gas: bigint; fees: bigint; prices: bigint; ok: number; size: bigint; rewards: bigint; empty: number }
    >();
    for (const block of chain.blocks) {
      const day = utcDay(block.timestamp);
      const e = expected.get(day) ?? { gas: 0n, fees: 0n, prices: 0n, ok: 0, size: 0n, rewards: 0n, empty: 0 };
      e.gas += BigInt(block.gasUsed);
      e.size += BigInt(block.size);
      for (const r of block.rewards) e.rewards += r.amount;
      for (let i = block.transactionStart; i < block.transactionStart + block.transactionCount; i++) {
        const t = chain.transactions.at(i)!;
        e.fees += feesOf(facts, t).fee;
        e.prices += t.gasPrice;
        if (t.status === 'ok') e.ok++;
        if (t.call === null && t.createdId < 0) e.empty++;
      }
      expected.set(day, e);
    }
    for (const d of dailyStats(facts)) {
      const e = expected.get(d.day)!;
      expect(
        [d.gasUsed, d.fees, d.gasPrices, d.successful, d.blockSize, d.rewardSum, d.nativeCoinTransfers],
        d.day,
      ).toEqual([e.gas, e.fees, e.prices, e.ok, e.size, e.rewards, e.empty]);
    }
    expect([...expected.values()].some((e) => e.empty > 0)).toBe(true);
  });

  it('count senders: distinct per day and per week, each new one once', () => {
    const facts = factsOf(chain);
    const perDay = new Map<string, Set<number>>();
    const perWeek = new Map<number, Set<number>>();
    for (const t of chain.transactions) {
      const day = utcDay(chain.blocks.at(t.block)!.timestamp);
      const week = periodStart(dayNumber(day), 'week');
      perDay.set(day, (perDay.get(day) ?? new Set()).add(t.fromId));
      perWeek.set(week, (perWeek.get(week) ?? new Set()).add(t.fromId));
    }
    const days = dailyStats(facts);
    for (const d of days) expect(d.activeAccounts, d.day).toBe(perDay.get(d.day)?.size ?? 0);
    expect(weeklySenders(facts)).toEqual([...perWeek].map(([week, senders]) => ({ week, senders: senders.size })));
    const everyone = new Set([...perDay.values()].flatMap((s) => [...s]));
    expect(days.reduce((n, d) => n + d.newAccounts, 0)).toBe(everyone.size);
    expect(statsTotals(facts).senders).toBe(everyone.size);
  });

  it('date contracts by their creation block and their verified_at', () => {
    const facts = factsOf(chain);
    const days = dailyStats(facts);
    expect(days.reduce((n, d) => n + d.newContracts, 0)).toBe(contractsWithCode(facts).length);
    expect(days.reduce((n, d) => n + d.newVerifiedContracts, 0)).toBe(verifiedContracts(facts).length);
    const { created, verified } = contractTimeline(facts);
    const head = chain.blocks.at(chain.headHeight)!.timestamp;
    expect(verified.every((t) => t <= head)).toBe(true);
    expect(lastDayContracts(facts)).toEqual({
      created: created.filter((t) => t > head - 86_400).length,
      verified: verified.filter((t) => t > head - 86_400).length,
    });
    expect(dayStatsOn(facts, utcDay(head))!.newContracts).toBe(
      created.filter((t) => utcDay(t) === utcDay(head)).length,
    );
    expect(dayStatsOn(facts, '1999-01-01')).toBeUndefined();
  });
});
