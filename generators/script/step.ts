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
