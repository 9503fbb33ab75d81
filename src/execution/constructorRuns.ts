import { type BuildChainOptions, BuildChainError, buildChain } from '../../generators/buildChain.js';
import { resolveScenario } from '../../generators/chainInput.js';
import { type ConstructorRun, constructedContracts } from '../../generators/ledger/constructorRuns.js';
import { type Chain, type Hex, NONE } from '../chain/types.js';
import { creationInput } from '../domain/contracts.js';
import { factsOf } from '../domain/facts.js';
import { constructedPlan } from './evm/planOfExecuted.js';
import type { ExecutedSend } from './evm/sendEffects.js';
import { STUB_CODE } from './evm/stub.js';
import { factsWorld, positionWorld, type World } from './evm/world.js';
import { evmRuns } from './evmExecutor.js';
import { withModules } from '../lazy/lazyModule.js';

/** What one pass ran for a contract: a creation at set-up, or creation code at a pinned address at genesis. */
type Outcome =
  | { readonly setUp: ExecutedSend; readonly runtime: Hex }
  | { readonly genesis: { readonly runtime: Hex; readonly storage: readonly { slot: Hex; value: Hex }[] } };

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
  JSON.stringify([...outcomes], (_key, value: unknown) =>
    typeof value === 'bigint' ? `${value}n` : value instanceof Map ? [...value] : value,
  );

/** Runs each constructor of `chain`'s scenario on the EVM at its place in that chain. */
async function runAll(chain: Chain, options: BuildChainOptions): Promise<Map<string, Outcome>> {
  const evm = await evmRuns();
  const facts = factsOf(chain);
  const outcomes = new Map<string, Outcome>();
  for (const { spec, index } of constructedContracts(resolveScenario(options.scenario))) {
    const address = chain.handles[spec.name]!.toLowerCase();
    const id = chain.accountByHash.get(address)!;
    const at = chain.accounts[id]!.contract!.creationTransaction;
    const input = await withModules(() => creationInput(facts, id));
    const refused = (reason: string) =>
      new BuildChainError(
        `buildChain: entities.contracts[${index}]: the constructor of ${spec.name} reverted: ${reason}`,
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
      outcomes.set(spec.name, { genesis: { runtime: done.runtime, storage: done.storage } });
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
    if (run.failure !== null) throw refused(run.failure);
    if (run.root.to !== address)
      throw new Error(`runConstructors: ${spec.name} was created at ${run.root.to}, the chain has it at ${address}`);
    outcomes.set(spec.name, { setUp: run, runtime: run.code.get(address) ?? '0x' });
  }
  return outcomes;
}

const asRun = (outcome: Outcome): ConstructorRun =>
  'genesis' in outcome
    ? { ...outcome.genesis, plan: (_state, model) => model }
    : { runtime: outcome.runtime, storage: [], plan: constructedPlan(outcome.setUp, outcome.runtime) };

/**
 * The build options with the constructors of the scenario's contracts that bring their own code
 * run on the EVM (`options.constructors`): each at its place in the chain (a pinned contract in the
 * genesis state, sent by the protocol deployer; one created at set-up at its creation transaction), so its
 * storage is what its constructor wrote, its runtime what the constructor returned, and its
 * creation shows the constructor's gas, logs (a token it mints), internal transactions. Options
 * whose scenario has none come back as they are. A constructor reads what the ones before it left:
 * the chain is built again with the runs until running them again changes nothing (twice where no
 * constructor reads another's contract). Throws `BuildChainError` where a constructor reverts.
 *
 * @example
 * const chain = buildChain(await runConstructors({ scenario: await loadScenario('dapp.json'), seed: 1 }));
 */
export async function runConstructors(options: BuildChainOptions = {}): Promise<BuildChainOptions> {
  if (options.constructors) return options;
  const scenario = resolveScenario(options.scenario);
  const contracts = constructedContracts(scenario);
  if (!contracts.length) return options;
  const { head: _head, ...setUp } = options;
  let outcomes = new Map<string, Outcome>();
  let seen = fingerprint(outcomes);
  for (let pass = 0; pass <= contracts.length + 1; pass++) {
    const runs = new Map([...outcomes].map(([name, outcome]) => [name, asRun(outcome)]));
    const next = await runAll(buildChain({ ...setUp, constructors: runs }), options);
    const print = fingerprint(next);
    if (print === seen) return { ...options, constructors: runs };
    outcomes = next;
    seen = print;
  }
  throw new BuildChainError(
    `buildChain: the constructors of ${contracts.map((c) => c.spec.name).join(', ')} never settle: each run reads what the others' runs wrote differently`,
    'entities.contracts',
  );
}
