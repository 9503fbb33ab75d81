import { BuildChainError } from '../../src/protocol/errors.js';
import type { Scene } from '../activity/context.js';
import type { Erc4337Book } from '../activity/userOps.js';
import { randomTransaction } from '../activity/randomTransaction.js';
import { applyTransaction } from '../ledger/applyTransaction.js';
import { type BlockContext, GWEI } from '../ledger/blockContext.js';
import type { TxPlan } from '../ledger/plan.js';
import type { LedgerState } from '../ledger/state.js';
import { stream, type Stream } from '../random/stream.js';
import { activitySteps } from '../script/activitySteps.js';
import type { Cast } from '../script/cast.js';
import { collectorSteps } from '../script/collectorSteps.js';
import { listSteps } from '../script/listSteps.js';
import { namedContractSteps } from '../script/namedContractSteps.js';
import { namedTokenSteps } from '../script/namedTokenSteps.js';
import { setupSteps } from '../script/setupSteps.js';
import { specialSteps } from '../script/specialSteps.js';
import type { ScriptStep } from '../script/step.js';

/** The base fee random demand aims at: demand falls as the fee rises above it. */
const REFERENCE_FEE = 2n * GWEI;

/** The generated transactions of each block: the scenario's scripted steps, then random activity. */
export interface BlockTransactions {
  /** Fills the open block `ctx` (drawing on its stream `brng`): scripted steps due, then random activity. */
  fill(ctx: BlockContext, brng: Stream): void;
  /** Why the scenario cannot end at `height` (scripted steps left undone), or undefined. */
  unfinished(height: number): BuildChainError | undefined;
}

/**
 * The scripted steps of a scenario in the order they run (set-up, specials, collectors, list
 * guarantees, named tokens and contracts, spread-out activity; and scripted activity at its
 * block), and the random activity filling each block after them.
 */
export function blockTransactions(
  state: LedgerState,
  cast: Cast,
  erc4337: () => Erc4337Book | null = () => null,
): BlockTransactions {
  const { scenario, seed } = state;
  const activity = activitySteps(state, cast, erc4337);
  const queue: ScriptStep[] = [
    ...setupSteps(state, cast),
    ...specialSteps(state, cast),
    ...collectorSteps(state, cast),
    ...listSteps(state, cast),
    ...namedTokenSteps(state, cast),
    ...namedContractSteps(state, cast),
    ...activity.spread,
  ].sort((a, b) => a.notBefore - b.notBefore);
  const timed = [...activity.timed].sort((a, b) => a.notBefore - b.notBefore);
  let next = 0;
  let nextTimed = 0;
  const setUpDone = () => next === queue.length || queue[next]!.label.startsWith('special:');

  const apply = (ctx: BlockContext, plan: TxPlan, rng: Stream) => {
    const index = applyTransaction(state, ctx, plan, rng);
    plan.onApplied?.();
    return index;
  };

  /** Runs the steps of `steps` due by now from `from` (the set-up ones only, when `setUpOnly`) while the block has room; returns where it stopped. */
  const runDue = (ctx: BlockContext, steps: readonly ScriptStep[], from: number, setUpOnly: boolean) => {
    const height = ctx.height;
    let at = from;
    while (
      at < steps.length &&
      steps[at]!.notBefore <= height &&
      !(setUpOnly && steps[at]!.label.startsWith('special:'))
    ) {
      const step = steps[at]!;
      const scene: Scene = { state, cast, ctx, rng: stream(seed, step.label) };
      const plan = planPastStart(step, scene, height > scenario.blocks);
      if (plan === 'left out') {
        at++;
        continue;
      }
      if (!plan) throw new Error(`scripted step ${step.label} found nothing to do at block ${height}`);
      if (plan.gasUsed > ctx.gasLimit) throw new Error(`scripted step ${step.label} needs more gas than a block holds`);
      if (ctx.gasUsed + plan.gasUsed > ctx.gasLimit) break;
      const index = apply(ctx, plan, scene.rng);
      step.after?.(scene, index);
      at++;
    }
    return at;
  };

  return {
    fill(ctx, brng) {
      const height = ctx.height;
      next = runDue(ctx, queue, next, true);
      // Scripted activity at its block goes before the spread-out steps, once the set-up is done.
      if (setUpDone()) nextTimed = runDue(ctx, timed, nextTimed, false);
      next = runDue(ctx, queue, next, false);
      if (!setUpDone()) return;
      // Demand falls as the base fee rises, which keeps the fee near a reference level.
      const demand = Math.min(3, Math.max(0.25, Number(REFERENCE_FEE) / Number(ctx.baseFee)));
      const count = Math.round(scenario.transactionsPerBlock * demand * (0.4 + 1.2 * brng.next()));
      for (let k = 0; k < count; k++) {
        const label = `block:${height}:tx:${k}`;
        const scene: Scene = { state, cast, ctx, rng: stream(seed, label) };
        const plan = randomTransaction(scene, label);
        if (!plan) continue;
        if (ctx.gasUsed + plan.gasUsed > ctx.gasLimit) break;
        apply(ctx, plan, scene.rng);
      }
    },
    unfinished(height) {
      if (height !== scenario.blocks) return undefined;
      if (nextTimed < timed.length && timed[nextTimed]!.notBefore <= height)
        return new BuildChainError(
          `buildChain: scenario ${scenario.name} ends before scripted activity at block ${timed[nextTimed]!.notBefore} could be mined (${timed[nextTimed]!.label}); raise blocks`,
          'blocks',
        );
      if (next < queue.length)
        return new BuildChainError(
          `buildChain: scenario ${scenario.name} has too few blocks (${scenario.blocks}) for its scripted set-up (${queue[next]!.label} did not run); raise blocks or lower collectors`,
          'blocks',
        );
      return undefined;
    },
  };
}

/**
 * A scripted step's plan. Past the scenario's start, what the file's checks vouched for may no
 * longer hold (a named account with a key may have spent what a step needed through the node): a
 * step that can no longer run as written is left out of the block, as a node would refuse it,
 * instead of stopping the chain.
 */
function planPastStart(step: ScriptStep, scene: Scene, pastStart: boolean): TxPlan | null | 'left out' {
  if (!pastStart) return step.plan(scene);
  try {
    return step.plan(scene) ?? 'left out';
  } catch (error) {
    if (error instanceof BuildChainError) return 'left out';
    throw error;
  }
}
