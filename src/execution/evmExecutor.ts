import { sentPlan } from '../../generators/ledger/sent.js';
import { planOfExecuted } from './evm/planOfExecuted.js';
import type { ExecutedSend } from './evm/sendEffects.js';
import { STUB_CODE } from './evm/stub.js';
import { factsWorld, ledgerWorld, type World } from './evm/world.js';
import type { Executor } from './executor.js';
import { modelExecutor } from './modelExecutor.js';

/** The EVM and what runs on it (`@ethereumjs/evm`, about a second to import): loaded on the first run that needs it. */
let runs: Promise<typeof import('./evm/evmRuns.js')> | undefined;
const evmRuns = () => (runs ??= import('./evm/evmRuns.js'));

/** Whether a transaction or call needs the EVM over `world`: a creation, or a call of an address that runs code of its own. */
export function needsEvm(world: World, to: string | null): boolean {
  if (to === null) return true;
  const account = world.account(to);
  return account !== undefined && account.code !== '0x' && !account.modelled;
}

/**
 * The executor of a server that runs contracts' own code: a creation and a call of an address
 * with code of its own run on the EVM (`@ethereumjs/evm`, loaded on the first such run); they
 * reach the contracts the ledger models (catalogue tokens, Multicall3, declared contracts) through
 * the bridge. Everything else runs as the models run it, unchanged and at once.
 */
export function createEvmExecutor(): Executor {
  const prepared = new Map<string, ExecutedSend>();
  return {
    name: 'evm',
    ahead: {
      prepared: (hash) => prepared.has(hash),
      async prepare({ state, ctx }, head, sends) {
        const world = ledgerWorld(state, ctx, head.chain.chainId, head, STUB_CODE);
        const evmSends = sends.filter((sent) => needsEvm(world, sent.to));
        if (!evmSends.length) return;
        const done = await (await evmRuns()).runSends(world, evmSends);
        evmSends.forEach((sent, i) => prepared.set(sent.hash, done[i]!));
      },
    },
    planSend(state, sent) {
      const run = prepared.get(sent.hash);
      if (!run) return sentPlan(state, sent);
      prepared.delete(sent.hash);
      return planOfExecuted(state, sent, run);
    },
    call(state, request, height) {
      const world = factsWorld(state.facts, height, STUB_CODE);
      if (!needsEvm(world, request.to)) return modelExecutor.call(state, request, height);
      return evmRuns().then((evm) => evm.runCall(world, request));
    },
    estimateGas(state, request, height, accessList) {
      const world = factsWorld(state.facts, height, STUB_CODE);
      if (!needsEvm(world, request.to)) return modelExecutor.estimateGas(state, request, height, accessList);
      return evmRuns().then((evm) => evm.estimateGas(world, request, accessList));
    },
  };
}
