import { coinTransfer } from '../activity/coinTransfer.js';
import type { Scene } from '../activity/context.js';
import { deployToken } from '../activity/deploy.js';
import { erc20Mint } from '../activity/erc20.js';
import { gas, pickOther } from '../activity/pick.js';
import { LIST_TOKEN_GAS, LIST_TRANSACTION_VALUE, withdrawalBlocks } from '../../scenarios/entities.js';
import type { LedgerState } from '../ledger/state.js';
import type { TxPlan } from '../ledger/plan.js';
import type { Cast } from './cast.js';
import { type ScriptStep, spreadSteps } from './step.js';
import { tokenIdentity } from './tokenIdentity.js';

/**
 * The transactions behind a scenario's list guarantees, spread from after the set-up to 90% of the
 * chain: each named account receives its count of ERC-20 mints (the scenario's tokens in turn, paid
 * by their issuers) and sends its count of small coin transfers to accounts of the random activity,
 * so its lists hold exactly that many (named accounts are never picked at random); the multisig pays
 * it its count of internal transactions, and the protocol deployer deploys its count of ERC-20 tokens
 * of its own and mints each to it.
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
    for (let k = 0; k < (list.internalTransactions ?? 0); k++) {
      plans.push({ label: `special:list:${list.account}:${plans.length}`, plan: (s) => multisigPayment(s, accountId) });
    }
    // Tokens of its own: each deployed by the protocol deployer (no initial supply), then minted to it alone.
    for (let k = 0; k < (list.tokens ?? 0); k++) {
      const label = `list:${list.account}:token:${k}`;
      let tokenId = -1;
      plans.push({
        label: `special:list:${list.account}:${plans.length}`,
        plan: (s) => {
          const deployment = deployToken(
            s,
            s.cast.deployerId,
            'ERC-20',
            label,
            {},
            tokenIdentity(s.state.seed, label, 'ERC-20'),
            0n,
          );
          return deployment && { ...deployment, ...gas(s, 600_000, LIST_TOKEN_GAS) };
        },
        after: (s, t) => {
          tokenId = s.state.transactions[t]!.createdId;
          s.cast.issuer.set(tokenId, s.cast.deployerId);
        },
      });
      plans.push({
        label: `special:list:${list.account}:${plans.length}`,
        plan: (s) => erc20Mint(s, tokenId, accountId),
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

/**
 * The protocol's multisig executes a payment to `toId`: one internal call, of 0.0001 ETH while the
 * multisig holds that much (else of nothing). The deployer, one of its owners, sends it.
 */
function multisigPayment(s: Scene, toId: number): TxPlan {
  const multisig = s.cast.contracts.multisig!;
  const value = s.state.accounts[multisig]!.balance >= LIST_TRANSACTION_VALUE ? LIST_TRANSACTION_VALUE : 0n;
  const { gasUsed, gasLimit } = gas(s, 50_000, 95_000);
  return {
    fromId: s.cast.deployerId,
    toId: multisig,
    value: 0n,
    call: { contractKind: 'multisig', functionName: 'executeTransaction', args: [BigInt(s.rng.int(500, 10_000))] },
    gasUsed,
    gasLimit,
    events: 1,
    internals: [{ type: 'call', fromId: multisig, toId, value, gasLimit: 50_000n }],
  };
}
