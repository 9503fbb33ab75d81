import { withArtifacts } from '../scenarios/artifact.js';
import { findScenario, scenarioNames, type Scenario } from '../scenarios/index.js';
import { BuildChainError } from '../src/protocol/errors.js';
import type { ContractRuns } from './ledger/contractRuns.js';

/** What a chain is built from: a scenario (a built-in's name or an object) and a seed. */
export interface BuildChainOptions {
  /** A built-in scenario's name (default `default`) or a scenario object. */
  readonly scenario?: string | Scenario;
  /** Any integer or string (default 1). The same scenario and seed always give the same chain. */
  readonly seed?: string | number;
  /** Height of the newest block: at least the scenario's `blocks` (its default); the chain goes on past it. */
  readonly head?: number;
  /** Unix seconds of the genesis block (default: the scenario's `genesisTimestamp`). */
  readonly genesisTime?: number;
  /** Seconds per slot: a block every slot, bar missed ones (default 12). */
  readonly slotSeconds?: number;
  /**
   * What the EVM did running the code of the scenario's contracts that bring their own (their
   * constructors, the scripted calls of them): `await runContractCode(options)` gives options with
   * them. Needed by a scenario with such contracts (the builder cannot run the EVM itself).
   */
  readonly contractRuns?: ContractRuns;
}

export { BuildChainError } from '../src/protocol/errors.js';

const READ = new WeakMap<Scenario, Scenario>();

/**
 * The scenario an option names, with its named contracts' artifacts read (relative to the working
 * directory; `loadScenario` reads them relative to the file). Throws `BuildChainError` for an
 * unknown name or an artifact that cannot be read.
 */
export function resolveScenario(scenario: BuildChainOptions['scenario']): Scenario {
  if (typeof scenario === 'object') {
    let read = READ.get(scenario);
    if (!read) {
      const found = withArtifacts(scenario, process.cwd());
      if ('problem' in found) throw new BuildChainError(`buildChain: ${found.path}: ${found.problem}`, found.path);
      READ.set(scenario, (read = found));
      // A scenario read resolves to itself: options holding it (a snapshot's, a run's) name the same object.
      READ.set(read, read);
    }
    return read;
  }
  const found = findScenario(scenario ?? 'default');
  if (!found)
    throw new BuildChainError(`buildChain: unknown scenario "${scenario}"; known: ${scenarioNames().join(', ')}`);
  return found;
}

/** The seed as the chain holds it (a string); throws `BuildChainError` for a number that is not a safe integer. */
export function resolveSeed(seed: BuildChainOptions['seed']): string {
  if (seed === undefined) return '1';
  if (typeof seed === 'number' && !Number.isSafeInteger(seed))
    throw new BuildChainError(`buildChain: seed must be an integer or a string, got ${seed}`);
  return String(seed);
}
