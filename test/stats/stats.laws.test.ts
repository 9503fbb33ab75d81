import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildChainOptions } from '../../generators/chainInput.js';
import { loadAnswerModules } from '../../src/app/chainApp.js';
import type { Chain } from '../../src/chain/types.js';
import { walkPagesAsync } from '../../src/rest/walkPages.js';
import { inProcessApp, LISTED_CHARTS, statsUrls } from './statsClient.js';
import {
  contractsPageJson,
  countersJson,
  lineChartJson,
  lineChartsJson,
  mainPageJson,
  transactionsPageJson,
  updateStatusJson,
} from './statsSchemas.js';
import { sharedChain } from '../support/sharedChain.js';

type PointJson = { date: string; date_to: string; value: string; is_approximate?: true | undefined };

const DAY = 86_400;
const dayOf = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 10);
const addDays = (date: string, days: number) => dayOf(Date.parse(`${date}T00:00:00Z`) / 1000 + days * DAY);
const sum = (points: readonly PointJson[]) => points.reduce((s, p) => s + BigInt(p.value), 0n);
const floatSum = (points: readonly PointJson[]) => points.reduce((s, p) => s + Number(p.value), 0);
const byDate = (points: readonly PointJson[]) => new Map(points.map((p) => [p.date, p.value]));
const close = (actual: number, expected: number, what: string) =>
  expect(Math.abs(actual - expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(
    Math.abs(expected) * 1e-9 + 1e-18,
  );

const RESOLUTIONS = ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
const SUM_CHARTS = [
  'newTxns',
  'newBlocks',
  'newAccounts',
  'newNativeCoinTransfers',
  'newContracts',
  'newVerifiedContracts',
];
const GROWTH_CHARTS = ['accountsGrowth', 'txnsGrowth', 'gasUsedGrowth', 'contractsGrowth', 'verifiedContractsGrowth'];

/** The chains the laws run on: a few minutes of blocks (one day), and blocks hours or days apart (weeks, months, years). */
const CHAINS: readonly [string, BuildChainOptions][] = [
  ['tiny', { scenario: 'tiny', seed: 1 }],
  ['default', { scenario: 'default', seed: 1 }],
  ['tiny, a block every 6 hours (13 days, head at midnight)', { scenario: 'tiny', seed: 1, slotSeconds: 6 * 3_600 }],
  [
    'tiny, a block every 10 days (16 months, days and weeks without blocks)',
    { scenario: 'tiny', seed: 2, slotSeconds: 10 * DAY },
  ],
  ['default, a block an hour (6 weeks)', { scenario: 'default', seed: 3, slotSeconds: 3_600 }],
];

beforeAll(() => loadAnswerModules());

describe.each(CHAINS)('the stats service on %s', (_name, options) => {
  let chain: Chain;
  let app: ReturnType<typeof inProcessApp>;
  let headTime: number;
  let headDay: string;
  const chart = (id: string, query = ''): PointJson[] =>
    lineChartJson.parse(app.stats(`/api/v1/lines/${id}${query}`)).chart;
  const counters = (): Record<string, string> =>
    Object.fromEntries(countersJson.parse(app.stats('/api/v1/counters')).counters.map((c) => [c.id, c.value]));

  beforeAll(() => {
    chain = sharedChain(options);
    app = inProcessApp(chain);
    headTime = chain.blocks.at(chain.headHeight)!.timestamp;
    headDay = dayOf(headTime);
  });

  it('answers every route in the service’s JSON', () => {
    const urls = statsUrls(app.stats);
    expect(urls.length).toBe(8 + 21 * 4 - 2);
    for (const url of urls) {
      const json = app.stats(url);
      const schema = url.startsWith('/api/v1/lines/')
        ? lineChartJson
        : {
            '/api/v1/counters': countersJson,
            '/api/v1/lines': lineChartsJson,
            '/api/v1/pages/main': mainPageJson,
            '/api/v1/pages/transactions': transactionsPageJson,
            '/api/v1/pages/contracts': contractsPageJson,
            '/api/v1/update-status': updateStatusJson,
            '/health': null,
          }[url];
      if (schema) expect(schema.safeParse(json).error, url).toBeUndefined();
      else expect(json).toEqual({ status: 'SERVING' });
    }
  });

  it('lists the default layout: its seven sections and their charts, and its counters in order', () => {
    const { sections } = lineChartsJson.parse(app.stats('/api/v1/lines'));
    expect(Object.fromEntries(sections.map((s) => [s.id, s.charts.map((c) => c.id)]))).toEqual(LISTED_CHARTS);
    expect(sections.map((s) => s.title)).toEqual([
      'Accounts',
      'Transactions',
      'Blocks',
      'Tokens',
      'Gas',
      'Contracts',
      'User operations',
    ]);
    expect(Object.keys(counters())).toEqual([
      'averageBlockTime',
      'completedTxns',
      'lastNewContracts',
      'lastNewVerifiedContracts',
      'totalAccounts',
      'totalAddresses',
      'totalBlocks',
      'totalContracts',
      'totalNativeCoinTransfers',
      'totalTokens',
      'totalTxns',
      'totalVerifiedContracts',
      'newTxns24h',
      'pendingTxns30m',
      'txnsFee24h',
      'averageTxnFee24h',
    ]);
  });

  it('fills every period from the first point to the head’s, Monday weeks, the last one alone approximate', () => {
    for (const url of statsUrls(app.stats).filter((u) => u.startsWith('/api/v1/lines/'))) {
      const resolution = new URLSearchParams(url.split('?')[1]).get('resolution') ?? 'DAY';
      const points = lineChartJson.parse(app.stats(url)).chart;
      // The window holds whole days only: none on a chain younger than its head's day.
      if (url.includes('newTxnsWindow') && chain.blocks.at(0)!.timestamp >= Date.parse(headDay) / 1000) {
        expect(points).toEqual([]);
        continue;
      }
      expect(points.length, url).toBeGreaterThan(0);
      points.forEach((p, i) => {
        if (i > 0) expect(p.date, `${url} after ${points[i - 1]!.date_to}`).toBe(addDays(points[i - 1]!.date_to, 1));
        const next = addDays(p.date_to, 1);
        if (resolution === 'DAY') expect(p.date_to).toBe(p.date);
        if (resolution === 'WEEK')
          expect([new Date(p.date).getUTCDay(), p.date_to], url).toEqual([1, addDays(p.date, 6)]);
        if (resolution === 'MONTH')
          expect([p.date.slice(8), next.slice(8), next.slice(0, 7) > p.date.slice(0, 7)]).toEqual(['01', '01', true]);
        if (resolution === 'YEAR')
          expect([p.date.slice(5), p.date_to.slice(5), p.date.slice(0, 4)]).toEqual([
            '01-01',
            '12-31',
            p.date_to.slice(0, 4),
          ]);
        if (i < points.length - 1) expect(p.is_approximate, `${url} ${p.date}`).toBeUndefined();
      });
      const last = points.at(-1)!;
      expect(last.date <= headDay && headDay <= last.date_to, `${url} ends at ${headDay}`).toBe(true);
      expect(last.is_approximate, url).toBe(true);
    }
  });

  it('counts every transaction and block once: the charts sum to the totals at every resolution', () => {
    const c = counters();
    const transactions = BigInt(chain.transactions.length);
    expect(sum(chart('newTxns'))).toBe(transactions);
    expect(BigInt(c.totalTxns!)).toBe(transactions);
    expect(sum(chart('newBlocks'))).toBe(BigInt(chain.headHeight + 1));
    expect(BigInt(c.totalBlocks!)).toBe(BigInt(chain.headHeight + 1));
    const senders = new Set<number>();
    let ok = 0;
    for (const t of chain.transactions) {
      senders.add(t.fromId);
      if (t.status === 'ok') ok++;
    }
    expect(sum(chart('newAccounts'))).toBe(BigInt(senders.size));
    expect(c.totalAccounts).toBe(String(senders.size));
    expect(c.completedTxns).toBe(String(ok));
    expect(sum(chart('newNativeCoinTransfers'))).toBe(BigInt(c.totalNativeCoinTransfers!));
    expect(sum(chart('newContracts'))).toBe(BigInt(c.totalContracts!));
    expect(sum(chart('newVerifiedContracts'))).toBe(BigInt(c.totalVerifiedContracts!));
    for (const id of SUM_CHARTS) {
      const total = sum(chart(id));
      for (const resolution of ['WEEK', 'MONTH', 'YEAR'])
        expect(sum(chart(id, `?resolution=${resolution}`)), `${id} ${resolution}`).toBe(total);
    }
    let fees = 0n;
    for (const t of chain.transactions) fees += BigInt(t.gasUsed) * t.gasPrice;
    for (const resolution of RESOLUTIONS)
      close(floatSum(chart('txnsFee', `?resolution=${resolution}`)), Number(fees) / 1e18, `txnsFee ${resolution}`);
  });

  it('grows the cumulative charts by the daily ones, their last points the totals at every resolution', () => {
    const c = counters();
    const totals: Record<string, string> = {
      txnsGrowth: String(chain.transactions.length),
      accountsGrowth: c.totalAccounts!,
      contractsGrowth: c.totalContracts!,
      verifiedContractsGrowth: c.totalVerifiedContracts!,
      gasUsedGrowth: app.rest('/stats').total_gas_used,
    };
    for (const id of GROWTH_CHARTS)
      for (const resolution of RESOLUTIONS)
        expect(chart(id, `?resolution=${resolution}`).at(-1)!.value, `${id} ${resolution}`).toBe(totals[id]);
    const daily = chart('newTxns');
    for (const p of chart('txnsGrowth'))
      expect(p.value, p.date).toBe(String(sum(daily.filter((d) => d.date <= p.date))));
    const growth = chart('txnsGrowth');
    for (let i = 1; i < growth.length; i++) expect(BigInt(growth[i]!.value) >= BigInt(growth[i - 1]!.value)).toBe(true);
  });

  it('averages by weight: fee per transaction, gas per block, success rate, utilization', () => {
    for (const resolution of RESOLUTIONS) {
      const q = `?resolution=${resolution}`;
      const txs = byDate(chart('newTxns', q));
      const fees = byDate(chart('txnsFee', q));
      for (const p of chart('averageTxnFee', q))
        close(
          Number(p.value) * Number(txs.get(p.date) ?? 0),
          Number(fees.get(p.date) ?? 0),
          `averageTxnFee ${resolution} ${p.date}`,
        );
      const blocks = byDate(chart('newBlocks', q));
      const growth = chart('gasUsedGrowth', q);
      const used = byDate(chart('averageGasUsed', q));
      // The running total starts with the first block: its first point is its period's gas.
      growth.forEach((p, i) => {
        const gas = BigInt(p.value) - BigInt(i === 0 ? '0' : growth[i - 1]!.value);
        close(
          Number(used.get(p.date)) * Number(blocks.get(p.date)),
          Number(gas),
          `averageGasUsed ${resolution} ${p.date}`,
        );
      });
      const limit = byDate(chart('averageGasLimit', q));
      for (const p of chart('networkUtilization', q)) {
        const expected = Number(limit.get(p.date)) > 0 ? Number(used.get(p.date)) / Number(limit.get(p.date)) : 0;
        close(Number(p.value), expected, `networkUtilization ${resolution} ${p.date}`);
        expect(Number(p.value)).toBeLessThanOrEqual(1);
      }
    }
    const rate = chart('txnsSuccessRate');
    const txs = byDate(chart('newTxns'));
    const successful = rate.reduce((s, p) => s + Number(p.value) * Number(txs.get(p.date) ?? 0), 0);
    close(successful, Number(counters().completedTxns), 'txnsSuccessRate × newTxns');
  });

  it('reads from and to inclusive, each clamped to the head’s period, a missing day as zero or the day before', () => {
    const daily = chart('newTxns');
    const first = daily[0]!.date;
    const span = daily.length;
    const to = addDays(first, Math.min(2, span - 1));
    expect(chart('newTxns', `?from=${first}&to=${to}`).map((p) => p.date)).toEqual(
      daily.slice(0, 3).map((p) => p.date),
    );
    expect(chart('newTxns', `?from=${to}&to=${to}`).map((p) => p.date)).toEqual([to]);
    expect(chart('newTxns', '?to=2099-12-31').at(-1)!.date).toBe(headDay);
    expect(chart('newTxns', `?from=${addDays(headDay, 1)}`)).toEqual([]);
    expect(chart('newTxns', `?from=${to}&to=${first}`).length).toBe(first === to ? 1 : 0);
    const before = chart('txnsGrowth', `?from=${addDays(first, -3)}&to=${first}`);
    expect(before.map((p) => p.value)).toEqual(['0', '0', '0', daily[0]!.value]);
    // A week asked from its Thursday starts on its Monday.
    const weeks = chart('newTxns', `?resolution=WEEK&from=${addDays(first, 3)}`);
    expect(new Date(weeks[0]!.date).getUTCDay()).toBe(1);
    expect(weeks[0]!.date <= addDays(first, 3) && addDays(first, 3) <= weeks[0]!.date_to).toBe(true);
    // Days without a transaction: zero new ones, the running total unchanged.
    const growth = byDate(chart('txnsGrowth'));
    const quiet = daily.filter((p, i) => i > 0 && p.value === '0');
    for (const p of quiet) expect(growth.get(p.date)).toBe(growth.get(addDays(p.date, -1)));
    if (options.slotSeconds === 10 * DAY) {
      expect(quiet.length).toBeGreaterThan(100);
      expect(chart('newBlocks', '?resolution=WEEK').some((p) => p.value === '0')).toBe(true);
      expect(new Set(chart('newTxns', '?resolution=YEAR').map((p) => p.date.slice(0, 4))).size).toBeGreaterThan(1);
    }
  });

  it('shows on the main page the 30 whole days before the head’s, and yesterday’s count', () => {
    const page = mainPageJson.parse(app.stats('/api/v1/pages/main'));
    const window = page.daily_new_transactions!;
    expect(window.info.id).toBe('newTxnsWindow');
    expect(window.info.resolutions).toEqual(['DAY']);
    expect(window.chart.length).toBe(30);
    expect(window.chart.at(-1)!.date).toBe(addDays(headDay, -1));
    expect(window.chart[0]!.date).toBe(addDays(headDay, -30));
    const daily = byDate(chart('newTxns'));
    window.chart.forEach((p, i) => {
      expect(p.is_approximate).toBeUndefined();
      if (i > 0) expect(p.date).toBe(addDays(window.chart[i - 1]!.date, 1));
      expect(p.value, p.date).toBe(daily.get(p.date) ?? '0');
    });
    expect(page.yesterday_transactions!.value).toBe(daily.get(addDays(headDay, -1)) ?? '0');
    expect(page.total_operational_transactions).toBeNull();
    expect(page.daily_new_operational_transactions).toBeNull();
    const c = counters();
    expect([page.average_block_time!.value, page.total_blocks!.value, page.total_transactions!.value]).toEqual([
      c.averageBlockTime,
      c.totalBlocks,
      c.totalTxns,
    ]);
    expect(page.average_block_time!.units).toBe('s');
  });

  it('agrees with the REST API v2 on every figure both state', async () => {
    const c = counters();
    const stats = app.rest('/stats');
    expect([c.totalBlocks, c.totalTxns, c.totalAddresses]).toEqual([
      stats.total_blocks,
      stats.total_transactions,
      stats.total_addresses,
    ]);
    close(Number(c.averageBlockTime) * 1000, stats.average_block_time, 'average block time');
    const contracts = app.rest('/smart-contracts/counters');
    const contractsPage = contractsPageJson.parse(app.stats('/api/v1/pages/contracts'));
    expect([c.totalContracts, c.totalVerifiedContracts]).toEqual([
      contracts.smart_contracts,
      contracts.verified_smart_contracts,
    ]);
    expect([contractsPage.total_contracts!.value, contractsPage.total_verified_contracts!.value]).toEqual([
      contracts.smart_contracts,
      contracts.verified_smart_contracts,
    ]);
    expect([contractsPage.new_contracts_24h!.value, contractsPage.new_verified_contracts_24h!.value]).toEqual([
      contracts.new_smart_contracts_24h,
      contracts.new_verified_smart_contracts_24h,
    ]);
    const day = app.rest('/transactions/stats');
    const txPage = transactionsPageJson.parse(app.stats('/api/v1/pages/transactions'));
    expect([c.newTxns24h, txPage.transactions_24h!.value]).toEqual([
      day.transactions_count_24h,
      day.transactions_count_24h,
    ]);
    expect([c.pendingTxns30m, txPage.pending_transactions_30m!.value]).toEqual([
      day.pending_transactions_count,
      day.pending_transactions_count,
    ]);
    close(Number(c.txnsFee24h) * 1e18, Number(day.transaction_fees_sum_24h), 'fees in 24h');
    expect(txPage.transactions_fee_24h!.value).toBe(c.txnsFee24h);
    if (day.transactions_count_24h !== '0')
      close(
        Number(c.averageTxnFee24h) * 1e18,
        Number(day.transaction_fees_sum_24h) / Number(day.transactions_count_24h),
        'average fee in 24h',
      );
    const daily = byDate(chart('newTxns'));
    for (const point of app.rest('/stats/charts/transactions').chart_data)
      expect(String(point.transactions_count), point.date).toBe(daily.get(point.date) ?? '0');
    if (chain.headHeight < 100) {
      const get = async (url: string) => {
        const answer = app.request(url);
        return { status: answer.status, body: answer.body };
      };
      const pages = await walkPagesAsync(get, '/api/v2/tokens');
      expect(c.totalTokens).toBe(String(pages.reduce((n, p) => n + (p.page?.items?.length ?? 0), 0)));
    }
  });

  it('counts today’s and the last 24 hours’ contracts within the totals', () => {
    const c = counters();
    const contracts = contractsPageJson.parse(app.stats('/api/v1/pages/contracts'));
    const today = (id: string) => byDate(chart(id)).get(headDay) ?? '0';
    expect(c.lastNewContracts).toBe(today('newContracts'));
    expect(c.lastNewVerifiedContracts).toBe(today('newVerifiedContracts'));
    const created = BigInt(contracts.new_contracts_24h!.value);
    const verified = BigInt(contracts.new_verified_contracts_24h!.value);
    expect(created <= BigInt(c.totalContracts!) && verified <= BigInt(c.totalVerifiedContracts!)).toBe(true);
    // A chain younger than a day made all its contracts in the last 24 hours.
    if (headTime - chain.blocks.at(0)!.timestamp < DAY) {
      expect(contracts.new_contracts_24h!.value).toBe(c.totalContracts);
      expect(contracts.new_verified_contracts_24h!.value).toBe(c.totalVerifiedContracts);
    }
  });
});
