import { defineScenario } from './defineScenario.js';

/** A few dozen blocks holding one of every kind of entity: for fast tests. */
export const tiny = defineScenario({
  name: 'tiny',
  description:
    'A few dozen blocks with one of every kind of entity: tokens of each type, proxies, a minimal proxy, a self-destructed contract, a failed creation, failed transactions, an ERC-1155 batch, uncles, reorgs and withdrawals. For fast tests.',
  genesisTimestamp: 1_714_564_800, // 2024-05-01T12:00:00Z
  blocks: 48,
  transactionsPerBlock: 8,
  accounts: 40,
  validators: 4,
  missedSlotRate: 0.05,
  uncleRate: 0.08,
  reorgRate: 0.06,
  withdrawalsPerBlock: 2,
  tokens: { erc20: 2, erc721: 1, erc1155: 1, erc404: 1 },
  deployRate: 0.01,
  exchangeRate: '3141.59',
});
