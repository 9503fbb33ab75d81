import { describe, expect, it } from 'vitest';
import { buildChain } from '../../generators/buildChain.js';
import { tiny } from '../../scenarios/tiny.js';
import { createApi } from '../../src/app/createApi.js';
import { getUrl, walkPages } from '../../src/rest/walkPages.js';
import { PROFILES } from '../../src/schemas/profile.js';
import { expectValidResponse } from '../support/expectValid.js';

/**
 * `/withdrawals/counters` as Blockscout v11 sends it (`WithdrawalController.withdrawals_counters`):
 * `{withdrawals_count, withdrawals_sum}`, both `General.IntegerString`; the sum is the cached
 * `withdrawals_sum` counter, stored `Wei.to(sum, :wei)`: wei, the unit of each item's `amount`.
 */
describe.each([1, 2, 3])('/withdrawals/counters, tiny, seed %i', (seed) => {
  const chain = buildChain({ scenario: 'tiny', seed });
  it.each(PROFILES)('profile %s: the count and the wei sum of the list a client walks', (profile) => {
    const api = createApi(chain, { profile });
    const get = (url: string) => {
      const answer = getUrl(api, url);
      expectValidResponse(url, answer.status, answer.body, profile);
      return answer;
    };
    const counters = JSON.parse(get('/api/v2/withdrawals/counters').body) as Record<string, string>;
    expect(Object.keys(counters).sort()).toEqual(['withdrawals_count', 'withdrawals_sum']);
    expect(counters.withdrawals_count).toMatch(/^[1-9][0-9]*$/);
    expect(counters.withdrawals_sum).toMatch(/^(0|[1-9][0-9]*)$/);
    const items = walkPages(get, '/api/v2/withdrawals').flatMap((p) => p.page!.items as { amount: string }[]);
    expect(items.length).toBeGreaterThan(0);
    expect(counters.withdrawals_count).toBe(String(items.length));
    expect(BigInt(counters.withdrawals_sum!)).toBe(items.reduce((sum, w) => sum + BigInt(w.amount), 0n));
    // Wei, not ether or gwei: what the ledger withdrew, and what a frontend dividing by 10^18 reads as ETH.
    let wei = 0n;
    for (const w of chain.withdrawals) wei += w.amount;
    expect(counters.withdrawals_sum).toBe(String(wei));
    expect(wei).toBeGreaterThan(10n ** 15n);
  });
});

describe('/withdrawals/counters of a chain without withdrawals', () => {
  it('counts one, as the explorer’s cached highest index (0 when none) plus one does, and sums 0', () => {
    const chain = buildChain({ scenario: { ...tiny, name: 'no-withdrawals', withdrawalsPerBlock: 0 }, seed: 1 });
    expect(chain.withdrawals.length).toBe(0);
    const api = createApi(chain, { profile: 'blockscout' });
    expect(JSON.parse(getUrl(api, '/api/v2/withdrawals/counters').body)).toEqual({
      withdrawals_count: '1',
      withdrawals_sum: '0',
    });
  });
});
