import { BuildChainError } from '../../src/protocol/errors.js';
import type { NamedContract, Scenario, ScriptedTransaction } from '../../scenarios/types.js';
import type { ContractRuns, SavedRuns } from './state.js';

export type { ContractRun, ContractRuns, SavedRuns } from './state.js';

const hasBytes = (code: unknown): boolean => typeof code === 'string' && code !== '0x';

/** Whether a scenario's contract runs its own code on the EVM: it brings runtime code (an artifact, or `deployedBytecode`). */
export const runsOwnCode = (spec: NamedContract): boolean => !spec.proxy && hasBytes(spec.deployedBytecode);

/**
 * Whether a scenario's contract runs its constructor when the chain is built: it brings creation
 * code and runtime code of its own (an artifact, or both bytecodes inline), so its storage is what
 * its constructor wrote.
 */
export const runsConstructor = (spec: NamedContract): boolean => runsOwnCode(spec) && hasBytes(spec.bytecode);

/** The scenario's contracts whose constructors run, in file order, with their index in `entities.contracts`. */
export const constructedContracts = (scenario: Scenario): { readonly spec: NamedContract; readonly index: number }[] =>
  (scenario.entities?.contracts ?? []).flatMap((spec, index) => (runsConstructor(spec) ? [{ spec, index }] : []));

/**
 * The scenario's scripted transactions that call a contract of its running its own code (from an
 * account, not in a user operation or a delegation): they run on the EVM, with their index in `activity`.
 */
export function executedActivity(
  scenario: Scenario,
): { readonly entry: ScriptedTransaction; readonly index: number }[] {
  const own = new Set((scenario.entities?.contracts ?? []).filter(runsOwnCode).map((c) => c.name));
  return (scenario.activity ?? []).flatMap((entry, index) =>
    own.has(entry.to) && !entry.userOperation && entry.delegate === undefined ? [{ entry, index }] : [],
  );
}

/** Whether a value (a snapshot's) is runs kept as data. */
export const isSavedRuns = (value: unknown): value is SavedRuns =>
  typeof value === 'object' && value !== null && (value as { runs?: unknown }).runs instanceof Map;

/** The key of a contract's constructor run in `ContractRuns`. */
export const constructorKey = (name: string): string => `constructor:${name}`;

/** The key of a scripted call's run in `ContractRuns`: its activity entry, and which of its repeats. */
export const activityKey = (index: number, repeat: number): string => `activity:${index}:${repeat}`;

/** What in a scenario needs its contracts' code run before the chain is built (the path and what), or null. */
export function contractRunsNeeded(scenario: Scenario): { readonly path: string; readonly what: string } | null {
  const constructed = constructedContracts(scenario)[0];
  if (constructed)
    return {
      path: `entities.contracts[${constructed.index}]`,
      what: `${constructed.spec.name}'s constructor runs on the EVM`,
    };
  const called = executedActivity(scenario)[0];
  return called ? { path: `activity[${called.index}]`, what: `its call of ${called.entry.to} runs on the EVM` } : null;
}

/**
 * The runs a build of `scenario` uses: none for a scenario none of whose contracts' own code runs;
 * `given` where they were run for this very scenario (the same object), seed and clock; otherwise a
 * `BuildChainError` saying how to run them (the builder is synchronous, the EVM is not).
 */
export function contractRunsFor(
  scenario: Scenario,
  seed: string,
  genesisTime: number,
  slotSeconds: number,
  given: ContractRuns | undefined,
): ContractRuns {
  const needed = contractRunsNeeded(scenario);
  if (!needed) return given ?? new Map();
  if (!given)
    throw new BuildChainError(
      `buildChain: ${needed.path}: ${needed.what}, which is asynchronous: build with the options \`await runContractCode(options)\` gives`,
      needed.path,
    );
  const made = given.madeFor;
  if (
    made &&
    (made.scenario !== scenario ||
      made.seed !== seed ||
      made.genesisTime !== genesisTime ||
      made.slotSeconds !== slotSeconds)
  )
    throw new BuildChainError(
      'buildChain: contractRuns were run for another scenario, seed, genesis time or slot length: run runContractCode with these options',
      'contractRuns',
    );
  return given;
}
