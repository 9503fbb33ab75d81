import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildChain } from '../../generators/buildChain.js';
import type { BuildChainOptions } from '../../generators/chainInput.js';
import { loadAnswerModules } from '../../src/app/chainApp.js';
import { createHandler } from '../../src/handler/createHandler.js';
import { inProcessApp, statsUrls } from './statsClient.js';

beforeAll(() => loadAnswerModules());
afterEach(() => vi.useRealTimers());

/** Every successful answer of the service on a freshly built chain, by URL. */
function answers(options: BuildChainOptions): Map<string, string> {
  const app = inProcessApp(buildChain(options));
  const urls = [
    ...statsUrls(app.stats),
    '/api/v1/lines/txnsGrowth?from=2024-04-20&to=2024-05-05',
    '/api/v1/lines/averageGasPrice?resolution=WEEK&from=2023-12-25',
  ];
  return new Map(urls.map((url) => [url, app.request(`/stats-service${url}`).body]));
}

describe('the stats service is a function of the chain', () => {
  it.each<[string, BuildChainOptions]>([
    ['tiny, a block every 6 hours', { scenario: 'tiny', seed: 1, slotSeconds: 6 * 3_600 }],
    ['default', { scenario: 'default', seed: 1 }],
  ])('%s built twice, at other wall-clock times: byte-identical answers', (_name, options) => {
    const first = answers(options);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-07-04T13:37:00Z'));
    const second = answers(options);
    expect(first.size).toBeGreaterThan(80);
    for (const [url, body] of first) expect(second.get(url), url).toBe(body);
  });

  it('follows a chain that grows: each mined block counted, its mempool pending', async () => {
    await loadAnswerModules();
    const handler = createHandler({ scenario: 'tiny', seed: 1, cache: false });
    const json = async (path: string) => (await handler(new Request(`http://mock${path}`))).json() as Promise<any>;
    const figures = async () => {
      const counters = Object.fromEntries(
        (await json('/stats-service/api/v1/counters')).counters.map((c: { id: string; value: string }) => [
          c.id,
          c.value,
        ]),
      );
      const blocks = (await json('/stats-service/api/v1/lines/newBlocks')).chart.reduce(
        (s: number, p: { value: string }) => s + Number(p.value),
        0,
      );
      const growth = (await json('/stats-service/api/v1/lines/txnsGrowth')).chart.at(-1).value;
      const pending = (await json('/api/v2/transactions/stats')).pending_transactions_count;
      return {
        blocks: counters.totalBlocks,
        summed: blocks,
        transactions: growth,
        pending: counters.pendingTxns30m,
        restPending: pending,
      };
    };
    const before = await figures();
    expect(before).toEqual({
      blocks: String(handler.chain.headHeight + 1),
      summed: handler.chain.headHeight + 1,
      transactions: String(handler.chain.transactions.length),
      pending: before.restPending,
      restPending: before.restPending,
    });
    expect(Number(before.pending)).toBeGreaterThan(0);
    handler.mine(5);
    const after = await figures();
    expect(after).toEqual({
      blocks: String(Number(before.blocks) + 5),
      summed: Number(before.blocks) + 5,
      transactions: String(handler.chain.transactions.length),
      pending: after.restPending,
      restPending: after.restPending,
    });
    expect(handler.chain.transactions.length).toBeGreaterThan(Number(before.transactions));
  });
});
