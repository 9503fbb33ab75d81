import { defineScenario } from '../defineScenario.js';

/** A scenario file written in TypeScript: `quick.json`, busier, with two NFT collectors. */
export default defineScenario({
  extends: './quick.json',
  name: 'busy',
  description: 'quick.json with twice the traffic, more uncles, and two NFT collectors (30 and 12 collections).',
  transactionsPerBlock: 16,
  uncleRate: 0.15,
  collectors: [
    { handle: 'bigCollector', collections: 30 },
    { handle: 'smallCollector', collections: 12 },
  ],
});
