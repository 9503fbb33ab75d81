import { defineScenario } from './defineScenario.js';

/** What `npm start` serves: every edge case, and lists of one page and of many. */
export const defaultScenario = defineScenario({
  name: 'default',
  description:
    'What `npm start` serves: a thousand blocks and about thirty thousand transactions. Every edge case at least once, several addresses with many pages of every list, an address with exactly 50 transactions (one full page), an empty address and a whale.',
  genesisTimestamp: 1_704_067_200, // 2024-01-01T00:00:00Z
  blocks: 1_000,
  transactionsPerBlock: 15,
  accounts: 400,
  validators: 16,
  missedSlotRate: 0.02,
  uncleRate: 0.02,
  reorgRate: 0.01,
  withdrawalsPerBlock: 4,
  tokens: { erc20: 6, erc721: 3, erc1155: 2, erc404: 1 },
  deployRate: 0.002,
  exchangeRate: '3141.59',
  collectors: [
    { handle: 'nftCollector', collections: 120 },
    { handle: 'onePageCollector', collections: 50 },
  ],
});
