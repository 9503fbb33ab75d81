import { describe, expect, it } from 'vitest';
import { buildChain } from '../../../generators/buildChain.js';
import { activityAfter } from '../../domain/activityItems.js';
import { advancedFilterTest, candidateTransactions } from '../../domain/advancedFilter.js';
import { factsOf } from '../../domain/facts.js';
import { advancedFilterOf } from './advancedFilterQuery.js';
import { advancedFilterRows } from './advancedFilterRows.js';

const chain = buildChain({ scenario: 'tiny', seed: 2 });
const facts = factsOf(chain);
const h = chain.handles;

describe('advanced filter rows read only the transactions a filter can keep', () => {
  const queries = [
    `from_address_hashes_to_include=${h.whale}`,
    `to_address_hashes_to_include=${h.busyAddress}`,
    `from_address_hashes_to_include=${h.whale}&to_address_hashes_to_include=${h.busyAddress}`,
    `from_address_hashes_to_include=${h.whale}&to_address_hashes_to_exclude=${h.busyAddress}&address_relation=and`,
    `from_address_hashes_to_include=${h.whale}&to_address_hashes_to_exclude=${h.busyAddress}`,
    `token_contract_address_hashes_to_include=${h.erc20Token}`,
    `token_contract_address_hashes_to_include=${h.erc20Token},native`,
    `token_contract_address_hashes_to_include=${h.erc20Token}&from_address_hashes_to_include=${h.busyAddress}`,
    `from_address_hashes_to_include=0x${'ab'.repeat(20)}`,
    `from_address_hashes_to_include=0x${'ab'.repeat(20)}&token_contract_address_hashes_to_include=${h.erc20Token}`,
  ];
  it.each(queries)('%s: the same rows as a walk of every transaction', (query) => {
    const filter = advancedFilterOf(chain, new URLSearchParams(query));
    const passes = advancedFilterTest(facts, filter);
    const everything = [...activityAfter(chain, null)].filter(passes);
    const { rows } = advancedFilterRows(facts, filter, null, 1_000_000);
    expect(rows.map((r) => r.item)).toEqual(everything);
    // Every filter keeps some rows but the one naming an address the chain never saw.
    expect(everything.length > 0).toBe(!query.includes('abab'));
  });

  it('narrows to the listed addresses’ and tokens’ transactions where the filter names them, and not otherwise', () => {
    const narrowed = candidateTransactions(facts, advancedFilterOf(chain, new URLSearchParams(queries[0])));
    expect(narrowed!.length).toBeGreaterThan(0);
    expect(narrowed!.length).toBeLessThan(chain.transactions.length / 2);
    expect(candidateTransactions(facts, advancedFilterOf(chain, new URLSearchParams(queries[4])))).toBeNull();
    expect(candidateTransactions(facts, advancedFilterOf(chain, new URLSearchParams(queries[6])))).toBeNull();
  });
});
