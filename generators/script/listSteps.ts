import { coinTransfer } from '../activity/coinTransfer.js';
import { erc20Mint } from '../activity/erc20.js';
import { pickOther } from '../activity/pick.js';
import { LIST_TRANSACTION_VALUE, withdrawalBlocks } from '../../scenarios/entities.js';
import type { LedgerState } from '../ledger/state.js';
import type { Cast } from './cast.js';
import { type ScriptStep, spreadSteps } from './step.js';

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
        plan: (s) => coinTransfer(s, accountId, pickOther(s, accountId), LIST_TRANSACTION_VALUE),
      });
    }
  }
  return spreadSteps(plans, state.scenario.blocks, 0.9);
}

/** One guaranteed withdrawal: to whom, from which validator, drawn from which label. */
export interface ScheduledWithdrawal {
  readonly receiverId: number;
  readonly validatorIndex: number;
  readonly label: string;
}

/**
 * The withdrawals behind list guarantees, by block: each named account that asks for some gets a
 * validator of its own (indexes from 900,000), whose withdrawals are spread evenly from block 2 to
 * 90% of the chain, after the block's random ones.
 */
export function withdrawalSchedule(state: LedgerState, cast: Cast): Map<number, ScheduledWithdrawal[]> {
  const schedule = new Map<number, ScheduledWithdrawal[]>();
  const blocks = withdrawalBlocks(state.scenario.blocks);
  let validators = 0;
  for (const list of state.scenario.lists ?? []) {
    if (!list.withdrawals) continue;
    const receiverId = cast.named.get(list.account)!;
    const validatorIndex = 900_000 + validators++;
    for (let k = 0; k < list.withdrawals; k++) {
      const height = blocks[Math.floor((k * blocks.length) / list.withdrawals)]!;
      let due = schedule.get(height);
      if (!due) schedule.set(height, (due = []));
      due.push({ receiverId, validatorIndex, label: `list:${list.account}:withdrawal:${validatorIndex}:${k}` });
    }
  }
  return schedule;
}
