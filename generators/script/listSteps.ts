import { pickOther } from '../activity/pick.js';
import { LIST_TRANSACTION_VALUE } from '../../scenarios/entities.js';
import type { LedgerState } from '../ledger/state.js';
import type { Cast } from './cast.js';
import type { ScriptStep } from './step.js';

/**
 * The transactions behind a scenario's list guarantees: each named account sends its count of
 * small coin transfers to accounts of the random activity, spread from after the set-up to 90% of
 * the chain, so its list has exactly that many transactions (named accounts are never picked at
 * random). `entityProblem` has checked that the account can pay for them.
 */
export function listSteps(state: LedgerState, cast: Cast): ScriptStep[] {
  const plans: Omit<ScriptStep, 'notBefore'>[] = [];
  for (const list of state.scenario.lists ?? []) {
    const fromId = cast.named.get(list.account)!;
    for (let k = 0; k < list.transactions; k++) {
      plans.push({
        label: `special:list:${list.account}:${plans.length}`,
        plan: (s) => ({ fromId, toId: pickOther(s, fromId), value: LIST_TRANSACTION_VALUE, gasUsed: 21_000, gasLimit: 21_000, call: null, legacy: s.rng.chance(0.1) }),
      });
    }
  }
  const blocks = state.scenario.blocks;
  const first = Math.max(4, Math.floor(blocks * 0.04));
  const span = Math.max(1, Math.floor(blocks * 0.9) - first);
  return plans.map((p, j) => ({ ...p, notBefore: first + Math.floor((j * span) / plans.length) }));
}
