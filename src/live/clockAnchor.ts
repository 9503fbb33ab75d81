import { slotOf } from '../../generators/buildChain.js';
import { resolveScenario } from '../../generators/chainInput.js';
import type { Scenario } from '../../scenarios/types.js';
import { DEFAULT_SLOT_SECONDS } from '../chain/types.js';
import { anchoredGenesisTime, headAnchoredGenesisTime } from './clock.js';

/**
 * The genesis time of a chain anchored at its head (`headTime`: unix seconds, or `'now'`) or, with
 * a block time alone, at the wall clock (its head at now, rounded down to the block time): the
 * head is `head`, or the scenario's start. Negative when the anchor is too early for the chain.
 */
export function clockAnchoredGenesisTime(options: {
  readonly scenario: string | Scenario;
  readonly seed: string | number;
  readonly head: number | undefined;
  readonly headTime: number | 'now' | undefined;
  readonly blockTime: number | undefined;
}): number {
  const { scenario, seed, head, headTime, blockTime } = options;
  const slots = slotOf({ scenario, seed }, head ?? resolveScenario(scenario).blocks);
  return headTime === undefined
    ? anchoredGenesisTime(Date.now(), blockTime ?? DEFAULT_SLOT_SECONDS, slots)
    : headAnchoredGenesisTime(headTime, Date.now(), blockTime ?? DEFAULT_SLOT_SECONDS, slots);
}
