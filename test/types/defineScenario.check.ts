/**
 * Type tests of `defineScenario` (compiled by `npm run typecheck`, never run): each
 * `@ts-expect-error` must meet an error, or tsc fails on the unused directive.
 */
import { defineScenario } from '../../scenarios/defineScenario.js';

export const fine = defineScenario({
  extends: 'tiny',
  name: 'fine',
  blocks: 60,
  entities: {
    accounts: [{ name: 'alice', balance: '1 ETH', ens: 'alice.eth' }],
    tokens: [{ name: 'T', symbol: 'T', type: 'ERC-20', holders: { alice: '5' } }],
  },
  activity: [{ from: 'alice', to: 'T', call: { signature: 'transfer(address,uint256)', args: ['alice', 1] } }],
  lists: [{ account: 'alice', transactions: 3 }],
});
// The result is typed as written (the built-ins rely on it): what the argument has is not optional.
export const name: string = fine.name;
export const accounts: readonly { name: string }[] = fine.entities.accounts;

export const topLevel = defineScenario({
  extends: 'tiny',
  // @ts-expect-error a misspelt knob
  blokcs: 60,
});

export const nested = defineScenario({
  extends: 'tiny',
  entities: {
    // @ts-expect-error a misspelt key of a named account
    accounts: [{ name: 'alice', balanse: '1 ETH' }],
  },
});

export const inList = defineScenario({
  extends: 'tiny',
  // @ts-expect-error a key no list guarantee has
  lists: [{ account: 'alice', transaction: 3 }],
});

export const inCall = defineScenario({
  extends: 'tiny',
  entities: { accounts: [{ name: 'alice' }] },
  // @ts-expect-error a misspelt key of a call
  activity: [{ from: 'alice', to: 'alice', value: '1 ETH', call: { signatur: 'f()', args: [] } }],
});

export const wholeScenario = defineScenario({
  name: 'whole',
  description: 'A whole scenario, not extending another.',
  // @ts-expect-error a misspelt knob of a whole scenario
  transactionPerBlock: 3,
});
