import { erc20Mint } from '../activity/erc20.js';
import { pickOther } from '../activity/pick.js';
import { LIST_TRANSACTION_VALUE } from '../../scenarios/entities.js';
import type { LedgerState } from '../ledger/state.js';
import type { Cast } from './cast.js';
import type { ScriptStep } from './step.js';

/**
 * The transactions behind a scenario's list guarantees, spread from after the set-up to 90% of the
 * chain: each named account receives its count of ERC-20 mints (the scenario's tokens in turn, paid
 * by their issuers) and sends its count of small coin transfers to accounts of the random activity,
 * so its lists hold exactly that many (named accounts are never picked at random).
 * `entityProblem` has checked that the account can pay for its transfers. NFT collections come from
 * `collectorSteps`, which takes such an account as a collector.
 */
export function listSteps(state: LedgerState, cast: Cast): ScriptStep[] {
  const plans: Omit<ScriptStep, 'notBefore'>[] = [];
  for (const list of state.scenario.lists ?? []) {
    const accountId = cast.named.get(list.account)!;
    for (let k = 0; k < (list.tokenTransfers ?? 0); k++) {
      plans.push({
        label: `special:list:${list.account}:${plans.length}`,
        plan: (s) => {
          const tokens = s.cast.tokens['ERC-20'];
          return erc20Mint(s, tokens[k % tokens.length], accountId);
        },
      });
    }
    for (let k = 0; k < (list.transactions ?? 0); k++) {
      plans.push({
        label: `special:list:${list.account}:${plans.length}`,
        plan: (s) => ({ fromId: accountId, toId: pickOther(s, accountId), value: LIST_TRANSACTION_VALUE, gasUsed: 21_000, gasLimit: 21_000, call: null, legacy: s.rng.chance(0.1) }),
      });
    }
  }
  const blocks = state.scenario.blocks;
  const first = Math.max(4, Math.floor(blocks * 0.04));
  const span = Math.max(1, Math.floor(blocks * 0.9) - first);
  return plans.map((p, j) => ({ ...p, notBefore: first + Math.floor((j * span) / plans.length) }));
}
