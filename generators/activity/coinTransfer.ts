import { TYPE } from '../../src/protocol/transactionTypes.js';
import type { TxPlan } from '../ledger/plan.js';
import type { Stream } from '../random/stream.js';

/** Nobody sends more than this at once, which keeps the whale the richest account. */
const MAX_TRANSFER = 20_000n * 10n ** 18n;
import type { Scene } from './context.js';
import { canAfford, pickOther, roundAmount } from './pick.js';

/** A plain transfer's type: one in ten still legacy, as some wallets send. */
const drawnType = (rng: Stream) => (rng.chance(0.1) ? TYPE.legacy.id : TYPE.eip1559.id);

/** A plain transfer of coin between two accounts (of `given` wei, or a drawn sum); null when the sender cannot pay for it. */
export function coinTransfer(
  scene: Scene,
  fromId: number,
  toId = pickOther(scene, fromId),
  given?: bigint,
): TxPlan | null {
  const { state, rng } = scene;
  const balance = state.accounts[fromId]!.balance;
  if (!canAfford(scene, fromId, given ?? 0n, 21_000)) return null;
  if (given !== undefined)
    return { fromId, toId, value: given, gasUsed: 21_000, gasLimit: 21_000, call: null, type: drawnType(rng) };
  const spendable = balance - 21_000n * 4n * scene.ctx.baseFee - 10n ** 16n;
  const share = rng.chance(0.1) ? 10n : 1_000n;
  const drawn = spendable > 0n ? (spendable * BigInt(rng.int(1, 1_000))) / (1_000n * share) : 0n;
  const value = roundAmount(drawn < MAX_TRANSFER ? drawn : MAX_TRANSFER / BigInt(rng.int(1, 20)));
  if (!canAfford(scene, fromId, value, 21_000)) return null;
  return {
    fromId,
    toId,
    value,
    gasUsed: 21_000,
    gasLimit: 21_000,
    call: null,
    type: drawnType(rng),
  };
}
