import * as AbiEvent from 'ox/AbiEvent';
import { type BuildChainOptions, BuildChainError, buildChain } from '../../generators/buildChain.js';
import { resolveScenario } from '../../generators/chainInput.js';
import {
  activityKey,
  type ContractRuns,
  constructedContracts,
  constructorKey,
  contractRunsNeeded,
  executedActivity,
} from '../../generators/ledger/contractRuns.js';
import type { ScriptedTransaction } from '../../scenarios/types.js';
import { type Chain, NONE } from '../chain/types.js';
import { creationInput } from '../domain/contracts.js';
import { factsOf } from '../domain/facts.js';
import { inputOf } from '../domain/transactions.js';
import { withModules } from '../lazy/lazyModule.js';
import type { ExecutedSend } from './evm/sendEffects.js';
import { STUB_CODE } from './evm/stub.js';
import { factsWorld, positionWorld, type World } from './evm/world.js';
import { evmRuns } from './evmExecutor.js';
import { madeForOf, type Outcome, runsOf } from './savedRuns.js';

/**
 * The world with `address` as it is before its creation: no account, no storage, no token (the
 * chain the world reads is one where a run before this one created it).
 */
const without = (world: World, address: string): World => ({
  ...world,
  account: (a) => (a === address ? undefined : world.account(a)),
  storage: (a, slot) => (a === address ? undefined : world.storage(a, slot)),
  token: (a) => (a === address ? undefined : world.token(a)),
});

/** Text that is equal for equal outcomes (big integers and maps included). */
const fingerprint = (outcomes: ReadonlyMap<string, Outcome>): string =>
  JSON.stringify([...outcomes], (key, value: unknown) =>
    key === 'wrong' ? undefined : typeof value === 'bigint' ? `${value}n` : value instanceof Map ? [...value] : value,
  );

/** Runs each constructor of `chain`'s scenario on the EVM at its place in that chain. */
async function runConstructors(chain: Chain, options: BuildChainOptions, outcomes: Map<string, Outcome>) {
  const evm = await evmRuns();
  const facts = factsOf(chain);
  for (const { spec, index } of constructedContracts(resolveScenario(options.scenario))) {
    const address = chain.handles[spec.name]!.toLowerCase();
    const id = chain.accountByHash.get(address)!;
    const at = chain.accounts[id]!.contract!.creationTransaction;
    const input = await withModules(() => creationInput(facts, id));
    const refused = (problem: string) =>
      new BuildChainError(
        `buildChain: entities.contracts[${index}]: the constructor of ${spec.name} ${problem}`,
        `entities.contracts[${index}]`,
      );
    if (at === NONE) {
      // A pinned contract: its creation code runs at its address in the genesis state, sent by the protocol deployer.
      const world = without(factsWorld(facts, 0, STUB_CODE), address);
      const from = chain.handles.deployer!.toLowerCase();
      const done = await withModules(() =>
        evm.runInitAt(world, { address, from, code: input, gas: BigInt(world.block.gasLimit) }),
      );
      if (!done.ok) throw refused(done.reason);
      outcomes.set(constructorKey(spec.name), { genesis: { runtime: done.runtime, storage: done.storage } });
      continue;
    }
    const tx = chain.transactions.at(at)!;
    const world = without(positionWorld(facts, at, STUB_CODE), address);
    const run = await withModules(() =>
      evm.runTransaction(world, {
        from: chain.accounts[tx.fromId]!.lower,
        to: null,
        input,
        value: tx.value,
        gasLimit: world.block.gasLimit,
        gasPrice: tx.gasPrice,
        accessList: [],
      }),
    );
    if (run.failure !== null) throw refused(`reverted: ${run.failure}`);
    if (run.root.to !== address)
      throw new Error(
        `runContractCode: ${spec.name} was created at ${run.root.to}, the chain has it at ${address} (a bug)`,
      );
    outcomes.set(constructorKey(spec.name), { setUp: run, runtime: run.code.get(address) ?? '0x' });
  }
}

/**
 * What is wrong with a scripted call's entry given what its contract's code did, or null: the
 * code decides whether it fails and what it logs, and the entry must say the same.
 */
function disagreement(
  chain: Chain,
  entry: ScriptedTransaction,
  run: ExecutedSend,
): [where: string, problem: string] | null {
  const { to } = entry;
  const declaredOk = entry.status !== 'error';
  if (declaredOk && run.failure !== null)
    return [
      '.status',
      `${to}'s code reverts this call: ${run.failure} (give "status": "error" and its "revertReason" for a failing call)`,
    ];
  if (!declaredOk && run.failure === null) return ['.status', `${to}'s code runs this call successfully`];
  if (!declaredOk && entry.revertReason !== undefined && entry.revertReason !== run.failure)
    return ['.revertReason', `${to}'s code reverts with "${run.failure}", not "${entry.revertReason}"`];
  if (!declaredOk || entry.emits === undefined) return null;
  const address = chain.handles[to]!.toLowerCase();
  const abi = chain.accounts[chain.accountByHash.get(address)!]!.contract!.custom?.abi ?? [];
  const names = new Map(
    abi.flatMap((x) => (x.type === 'event' ? [[AbiEvent.getSelector(x as AbiEvent.AbiEvent), x.name] as const] : [])),
  );
  const emitted = run.logs.filter((l) => l.address === address).map((l) => names.get(l.topics[0] ?? '0x') ?? '?');
  const declared = entry.emits.map((e) => e.event);
  return emitted.join() === declared.join()
    ? null
    : [
        '.emits',
        `${to}'s code emits [${emitted.join(', ')}] in this call, the entry declares [${declared.join(', ')}]`,
      ];
}

/** Runs each scripted call of a contract with its own code on the EVM at its place in `chain` (`placed` says where). */
async function runCalls(
  chain: Chain,
  options: BuildChainOptions,
  placed: ReadonlyMap<string, number>,
  outcomes: Map<string, Outcome>,
) {
  const evm = await evmRuns();
  const facts = factsOf(chain);
  for (const { entry, index } of executedActivity(resolveScenario(options.scenario))) {
    for (let r = 0; r < (entry.repeat ?? 1); r++) {
      const key = activityKey(index, r);
      const at = placed.get(key);
      if (at === undefined) continue;
      const tx = chain.transactions.at(at)!;
      const world = positionWorld(facts, at, STUB_CODE);
      const input = await withModules(() => inputOf(facts, at));
      const run = await withModules(() =>
        evm.runTransaction(world, {
          from: chain.accounts[tx.fromId]!.lower,
          to: chain.accounts[tx.toId]!.lower,
          input,
          value: tx.value,
          gasLimit: world.block.gasLimit,
          gasPrice: tx.gasPrice,
          accessList: [],
        }),
      );
      const wrong = disagreement(chain, entry, run);
      const path = `activity[${index}]${wrong?.[0] ?? ''}`;
      outcomes.set(key, {
        called: run,
        ...(wrong ? { wrong: new BuildChainError(`buildChain: ${path}: ${wrong[1]}`, path) } : {}),
      });
    }
  }
}

/**
 * The build options with the scenario's contracts' own code run on the EVM (`options.contractRuns`),
 * each at its place in the chain: the constructor of a contract that brings its own code (a pinned
 * one in the genesis state, sent by the protocol deployer; one created at set-up at its creation
 * transaction), so its storage is what its constructor wrote, its runtime what the constructor
 * returned, and its creation shows the constructor's gas, logs (a token it mints) and internal
 * transactions; and each scripted call of such a contract, whose gas, logs, storage and failure are
 * the code's (an entry that declares otherwise is refused at its path). Options whose scenario has
 * none come back as they are. A run reads what the runs before it left: the chain is built again
 * with the runs until running them again changes nothing (twice where no run reads another's).
 * Throws `BuildChainError` where a constructor reverts.
 *
 * @example
 * const chain = buildChain(await runContractCode({ scenario: await loadScenario('dapp.json'), seed: 1 }));
 */
export async function runContractCode(options: BuildChainOptions = {}): Promise<BuildChainOptions> {
  if (options.contractRuns) return options;
  const scenario = resolveScenario(options.scenario);
  if (!contractRunsNeeded(scenario)) return options;
  const { head: _head, ...setUp } = options;
  const madeFor = madeForOf(options);
  // Each pass settles at least one more run of a chain of runs reading each other: at most one pass a run, and one to confirm.
  const limit =
    constructedContracts(scenario).length +
    executedActivity(scenario).reduce((sum, { entry }) => sum + (entry.repeat ?? 1), 0) +
    1;
  let outcomes = new Map<string, Outcome>();
  let seen = fingerprint(outcomes);
  for (let pass = 0; pass <= limit; pass++) {
    const runs = runsOf(outcomes, madeFor);
    const placed = new Map<string, number>();
    const contractRuns: ContractRuns = { get: runs.get, placed: (key, t) => placed.set(key, t), madeFor };
    const chain = buildChain({ ...setUp, contractRuns });
    const next = new Map<string, Outcome>();
    await runConstructors(chain, options, next);
    await runCalls(chain, options, placed, next);
    const print = fingerprint(next);
    if (print === seen) {
      // Settled: the runs are the code's last word, and an entry must agree with them.
      for (const outcome of next.values()) if ('wrong' in outcome && outcome.wrong) throw outcome.wrong;
      return { ...options, contractRuns: runs };
    }
    outcomes = next;
    seen = print;
  }
  throw new Error(
    `runContractCode: the runs of the scenario's contracts' code did not settle in ${limit + 1} passes (a bug: each pass settles one more)`,
  );
}
