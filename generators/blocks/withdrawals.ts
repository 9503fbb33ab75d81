import { GWEI } from '../ledger/blockContext.js';
import { changeBalance } from '../ledger/registerAccount.js';
import type { LedgerState } from '../ledger/state.js';
import { stream, type Stream } from '../random/stream.js';
import type { Cast } from '../script/cast.js';
import type { ScheduledWithdrawal } from '../script/listSteps.js';

/** A withdrawal's amount: 0.001 to 0.06 ETH, as partial withdrawals of a validator's rewards are. */
const drawAmount = (rng: Stream): bigint => rng.bigint(1_000_000n, 60_000_000n) * GWEI;

/** Credits one beacon-chain withdrawal in block `height` (EIP-4895: no transaction, no gas). */
function credit(state: LedgerState, height: number, validatorIndex: number, receiverId: number, amount: bigint): void {
  const index = state.withdrawals.length;
  state.withdrawals.push({ index, validatorIndex, receiverId, amount, block: height });
  state.lists[receiverId]!.withdrawals.push(index);
  changeBalance(state, receiverId, amount, height);
}

/**
 * The withdrawals of block `height`: a drawn number of the validators' (from the block's stream
 * `brng`), then those a scenario's list guarantees schedule there.
 */
export function creditWithdrawals(
  state: LedgerState,
  cast: Cast,
  height: number,
  brng: Stream,
  scheduled: readonly ScheduledWithdrawal[],
): void {
  if (height >= 2) {
    const count = brng.int(0, Math.round(state.scenario.withdrawalsPerBlock * 2));
    const wrng = stream(state.seed, `block:${height}:withdrawals`);
    for (let i = 0; i < count; i++) {
      const validator = wrng.pick(cast.validators);
      credit(state, height, validator.index, validator.withdrawalId, drawAmount(wrng));
    }
  }
  for (const due of scheduled)
    credit(state, height, due.validatorIndex, due.receiverId, drawAmount(stream(state.seed, due.label)));
}
