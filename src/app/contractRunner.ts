import { type BuildChainOptions, resolveScenario } from '../../generators/chainInput.js';
import { contractRunsNeeded } from '../../generators/ledger/contractRuns.js';
import type { ContractRunner } from '../snapshotCache/openChain.js';

/**
 * Runs the scenario's contracts' own code before a build, or makes the runs again from what the
 * snapshot kept (no EVM then); each module loaded only when a scenario has such contracts.
 */
export const CONTRACT_RUNNER: ContractRunner = {
  run: async (options) => (await withContractRuns(options)).contractRuns!,
  revive: async (saved, options) => (await import('../execution/savedRuns.js')).reviveRuns(saved, options),
};

/**
 * The build options with the scenario's contracts' own code run on the EVM (their constructors,
 * the scripted calls of them), loaded only for a scenario that has such contracts; others as they are.
 */
export async function withContractRuns<T extends BuildChainOptions>(options: T): Promise<T> {
  if (!contractRunsNeeded(resolveScenario(options.scenario))) return options;
  const { runContractCode } = await import('../execution/contractRuns.js');
  return { ...options, contractRuns: (await runContractCode(options)).contractRuns };
}
