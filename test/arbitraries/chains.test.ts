import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildChain } from '../../generators/buildChain.js';
import * as arb from '../../src/arbitraries/index.js';
import { createApi } from '../../src/app/createApi.js';
import { getUrl } from '../../src/rest/walkPages.js';
import { chainViolations } from '../support/chainLaws.js';
import {
  expectCoherentAddress,
  expectCoherentAddressListItem,
  expectCoherentBlock,
  expectCoherentTransaction,
  RUNS,
} from './laws.js';

describe("the chain's own values obey the same laws", () => {
  it('every address, transaction and block of tiny, as the API renders them', () => {
    const chain = buildChain({ scenario: 'tiny', seed: 3 });
    const api = createApi(chain);
    const get = (url: string) => JSON.parse(getUrl(api, `/api/v2${url}`).body);
    for (const account of chain.accounts) expectCoherentAddress(get(`/addresses/${account.hash}`));
    for (const item of get('/addresses').items) expectCoherentAddressListItem(item);
    for (const block of chain.blocks) {
      expectCoherentBlock(get(`/blocks?block_number=${block.height + 1}`).items[0]);
      for (const t of get(`/blocks/${block.height}/transactions`).items) expectCoherentTransaction(t);
    }
  });
});

describe('whole chains and requests', () => {
  it('chain(): every generated chain obeys the chain laws', () => {
    fc.assert(
      fc.property(arb.chain(), (chain) => {
        expect(chainViolations(chain)).toEqual([]);
      }),
      { numRuns: 10 },
    );
  });

  it('apiRequest(): an invalid block id is never a number (a CI run drew "0", a valid block)', () => {
    const api = createApi(fc.sample(arb.chain(), { numRuns: 1, seed: 1 })[0]!);
    // Seed 1 drew /blocks/1/transactions and /blocks/3/transactions as invalid before the fix.
    for (const request of fc.sample(arb.apiRequest({ valid: false }), { numRuns: 20_000, seed: 1 }))
      expect(request.expectedStatuses, request.url).toContain(getUrl(api, request.url).status);
  });

  it('apiRequest(): valid requests get their expected statuses, invalid ones a 4xx, never a 500', () => {
    const api = createApi(fc.sample(arb.chain(), { numRuns: 1, seed: 1 })[0]!);
    fc.assert(
      fc.property(arb.apiRequest(), (request) => {
        const { status } = getUrl(api, request.url);
        expect(request.expectedStatuses, request.url).toContain(status);
      }),
      { numRuns: RUNS },
    );
  });
});
