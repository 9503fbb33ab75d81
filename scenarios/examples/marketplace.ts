import { defineScenario } from '../defineScenario.js';

/** An NFT marketplace's screens: one collector with many collections, a creator's own drop, a buyer with a few. */
export default defineScenario({
  extends: 'tiny',
  name: 'marketplace',
  description:
    'An NFT marketplace: a collector holding one NFT of each of 120 collections (three pages), the marketplace’s own ERC-1155 passes and an ERC-721 collection with its owners, and a buyer with three collections.',
  blocks: 200,
  entities: {
    accounts: [
      { name: 'collector', nameTag: 'Big Collector', ens: 'collector.eth', balance: '2 ETH' },
      { name: 'buyer', balance: '1 ETH', publicTags: ['Marketplace User'] },
    ],
    tokens: [
      { name: 'Market Pass', symbol: 'MPASS', type: 'ERC-1155', holders: { collector: [1, 2], buyer: [1] } },
      { name: 'Genesis Apes', symbol: 'GAPE', type: 'ERC-721', holders: { collector: [7, 8, 9, 10], buyer: [11] } },
    ],
  },
  lists: [
    { account: 'collector', nftCollections: 120 },
    { account: 'buyer', nftCollections: 3, transactions: 12 },
  ],
});
