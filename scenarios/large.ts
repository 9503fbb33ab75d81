import { defineScenario } from './defineScenario.js';

/** Over a million transactions, for benchmarks and scale. */
export const large = defineScenario({
  name: 'large',
  description:
    'Over a million transactions in twenty thousand blocks among twenty thousand accounts, for benchmarks and scale tests. Same kinds of entities as default.',
  genesisTimestamp: 1_672_531_200, // 2023-01-01T00:00:00Z
  blocks: 20_000,
  transactionsPerBlock: 34,
  accounts: 20_000,
  validators: 64,
  missedSlotRate: 0.02,
  uncleRate: 0.01,
  reorgRate: 0.005,
  withdrawalsPerBlock: 8,
  tokens: { erc20: 20, erc721: 8, erc1155: 4, erc404: 2 },
  deployRate: 0.0005,
  exchangeRate: '3141.59',
  collectors: [
    { handle: 'nftCollector', collections: 120 },
    { handle: 'onePageCollector', collections: 50 },
  ],
});
