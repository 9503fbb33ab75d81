import { buildChain } from '../../generators/buildChain.js';
import { findScenario } from '../../scenarios/index.js';
import type { Scenario } from '../../scenarios/types.js';
import type { Chain } from '../chain/types.js';

/**
 * Small busy chains a kind's arbitraries draw from: tiny with `knobs` raised, one per seed
 * (labelled `label:seed`), built by the server's builder and kept once built.
 */
export function busyChains(
  label: string,
  name: string,
  description: string,
  knobs: Partial<Scenario>,
): (seed: number) => Chain {
  const chains = new Map<number, Chain>();
  return (seed) => {
    let chain = chains.get(seed);
    if (!chain) {
      const scenario: Scenario = { ...findScenario('tiny')!, name, description, ...knobs };
      chains.set(seed, (chain = buildChain({ scenario, seed: `${label}:${seed}` })));
    }
    return chain;
  };
}
