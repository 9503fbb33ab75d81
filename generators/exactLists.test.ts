import { describe, expect, it } from 'vitest';
import { tiny } from '../scenarios/tiny.js';
import type { Scenario } from '../scenarios/types.js';
import { buildChain } from './buildChain.js';
import { listCountsOf } from './exactLists.js';

const withLists = (lists: Scenario['lists']): Scenario => ({
  ...tiny,
  blocks: 144,
  entities: { accounts: [{ name: 'me', balance: '5 ETH' }] },
  lists,
});

describe('exact list guarantees where own tokens and ERC-20 mints interact', () => {
  it('makes both lists exact: mints of the scenario’s tokens bring token rows, so fewer own tokens', () => {
    const chain = buildChain({
      scenario: withLists([{ account: 'me', nftCollections: 2, tokens: 12, tokenTransfers: 20 }]),
      seed: 1,
    });
    expect(listCountsOf(chain, 'me')).toMatchObject({ nftCollections: 2, tokens: 12, tokenTransfers: 20 });
  });

  it('refuses, with the path and why, a token list shorter than what its collections and mints bring', () => {
    expect(() =>
      buildChain({
        scenario: withLists([{ account: 'me', nftCollections: 2, tokens: 3, tokenTransfers: 20 }]),
        seed: 1,
      }),
    ).toThrow(
      /^buildChain: lists\[0\]\.tokens: me's other entries \(entities, activity, its NFT collections and the scenario tokens its ERC-20 mints bring\) already give it \d+ tokens, more than the 3 asked for$/,
    );
    expect(() =>
      buildChain({ scenario: withLists([{ account: 'me', tokens: 4, tokenTransfers: 3 }]), seed: 1 }),
    ).toThrow(/lists\[0\]\.tokenTransfers: .* already give it 4 token transfers, more than the 3 asked for/);
  });
});
