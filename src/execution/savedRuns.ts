import { type BuildChainOptions, resolveScenario, resolveSeed } from '../../generators/chainInput.js';
import type { ContractRun, ContractRuns, SavedRuns } from '../../generators/ledger/contractRuns.js';
import type { BuildChainError } from '../protocol/errors.js';
import { DEFAULT_SLOT_SECONDS, type Hex } from '../chain/types.js';
import { calledPlan, constructedPlan } from './evm/planOfExecuted.js';
import type { ExecutedSend } from './evm/sendEffects.js';

/** What one run did: a creation at set-up, creation code at a pinned address at genesis, or a scripted call. */
export type Outcome =
  | { readonly setUp: ExecutedSend; readonly runtime: Hex }
  | { readonly genesis: { readonly runtime: Hex; readonly storage: readonly { slot: Hex; value: Hex }[] } }
  | {
      readonly called: ExecutedSend;
      /** Where the entry says otherwise than the code did (the scenario's problem, once the runs settle). */
      readonly wrong?: BuildChainError;
    };

const asRun = (outcome: Outcome): ContractRun =>
  'genesis' in outcome
    ? { ...outcome.genesis, plan: (_state, model) => model }
    : 'setUp' in outcome
      ? { runtime: outcome.runtime, storage: [], plan: constructedPlan(outcome.setUp, outcome.runtime) }
      : { runtime: '0x', storage: [], plan: calledPlan(outcome.called) };

/** What runs for `options` are made for: a build with another scenario object, seed or clock refuses them. */
export function madeForOf(options: BuildChainOptions): NonNullable<ContractRuns['madeFor']> {
  const scenario = resolveScenario(options.scenario);
  return {
    scenario,
    seed: resolveSeed(options.seed),
    genesisTime: options.genesisTime ?? scenario.genesisTimestamp,
    slotSeconds: options.slotSeconds ?? DEFAULT_SLOT_SECONDS,
  };
}

/** The runs of these outcomes, and the outcomes as the data a snapshot keeps. */
export function runsOf(outcomes: ReadonlyMap<string, Outcome>, madeFor: ContractRuns['madeFor']): ContractRuns {
  const runs = new Map([...outcomes].map(([key, outcome]) => [key, asRun(outcome)]));
  return { get: (key) => runs.get(key), ...(madeFor ? { madeFor } : {}), saved: { runs: outcomes } };
}

/**
 * The runs a snapshot kept, for a build with `options` (those the snapshot was made with): what
 * `runContractCode` gave when the chain was built, without running anything.
 */
export const reviveRuns = (saved: SavedRuns, options: BuildChainOptions): ContractRuns =>
  runsOf(saved.runs as ReadonlyMap<string, Outcome>, madeForOf(options));
