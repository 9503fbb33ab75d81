import type { NamedContract, Scenario } from '../../scenarios/types.js';

export type { ConstructorRun, ConstructorRuns } from './state.js';

/**
 * Whether a scenario's contract runs its constructor when the chain is built: it brings creation
 * code and runtime code of its own (an artifact, or both bytecodes inline), so it runs on the EVM
 * and its storage is what its constructor wrote.
 */
export const runsConstructor = (spec: NamedContract): boolean =>
  !spec.proxy &&
  typeof spec.bytecode === 'string' &&
  spec.bytecode !== '0x' &&
  typeof spec.deployedBytecode === 'string' &&
  spec.deployedBytecode !== '0x';

/** The scenario's contracts whose constructors run, in file order, with their index in `entities.contracts`. */
export const constructedContracts = (scenario: Scenario): { readonly spec: NamedContract; readonly index: number }[] =>
  (scenario.entities?.contracts ?? []).flatMap((spec, index) => (runsConstructor(spec) ? [{ spec, index }] : []));
