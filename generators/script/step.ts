import type { Scene } from '../activity/context.js';
import type { TxPlan } from '../ledger/plan.js';

/**
 * One scripted transaction: set-up deployments and the edge cases every scenario must show.
 * Steps run in order, as early as `notBefore` allows and the block's gas leaves room.
 */
export interface ScriptStep {
  /** Stable label: the step's random stream is drawn from it. */
  readonly label: string;
  readonly notBefore: number;
  readonly plan: (scene: Scene) => TxPlan | null;
  /** Runs after the transaction is applied, with its global index. */
  readonly after?: (scene: Scene, transaction: number) => void;
}

/**
 * Spreads steps evenly from just after the set-up (4% of the chain, at least block 4) to `until`
 * (a share of the chain's blocks), in their order.
 */
export function spreadSteps(
  plans: readonly Omit<ScriptStep, 'notBefore'>[],
  blocks: number,
  until: number,
): ScriptStep[] {
  const first = Math.max(4, Math.floor(blocks * 0.04));
  const span = Math.max(1, Math.floor(blocks * until) - first);
  return plans.map((p, j) => ({ ...p, notBefore: first + Math.floor((j * span) / plans.length) }));
}
