import type { Scene } from '../activity/context.js';
import { pickAccount, pickOther } from '../activity/pick.js';
import { delegatedCall, setCodeTransaction } from '../activity/setCode.js';
import { applyTransaction } from '../ledger/applyTransaction.js';
import type { BlockContext } from '../ledger/blockContext.js';
import type { TxPlan } from '../ledger/plan.js';
import type { LedgerState } from '../ledger/state.js';
import { stream } from '../random/stream.js';
import type { Cast } from '../script/cast.js';

/** Chance per block of a set-code transaction, and of a delegated account calling through its code. */
const SET_CODE_RATE = 0.12;
const DELEGATED_CALL_RATE = 0.15;

/** The set-code activity of each block: a few scripted transactions every chain has (before the block's other activity, so they find room), then now and then a drawn one (after it). */
export interface SetCodeActivity {
  scripted(ctx: BlockContext): void;
  drawn(ctx: BlockContext): void;
}

/**
 * EIP-7702 activity (after a block's other generated transactions, from streams of its own so
 * the rest of the block is drawn as before): EOAs delegating to the catalogue's batch executors,
 * some sponsored, some re-delegating or clearing, now and then with an authorization that does
 * not apply; delegated accounts calling through their code. Every chain has a first delegation
 * (`delegatedAccount`, `setCodeTransaction`), a call through it, a sponsored re-delegation with a
 * skipped authorization and a cleared delegation, at fixed shares of its blocks.
 */
export function setCodeActivity(state: LedgerState, cast: Cast, delegates: readonly number[]): SetCodeActivity {
  const { seed, scenario } = state;
  const at = (fraction: number) => Math.max(4, Math.floor(fraction * scenario.blocks));
  const first = cast.eoas[2 % cast.eoas.length]!;
  const second = cast.eoas[9 % cast.eoas.length]!;
  const sponsor = cast.eoas[11 % cast.eoas.length]!;
  const scripted = new Map<number, (s: Scene) => TxPlan | null>([
    [at(0.1), (s) => named(setCodeTransaction(s, first, delegates[0]!), 'setCodeTransaction', first)],
    [at(0.2), (s) => delegatedCall(s, first)],
    [at(0.35), (s) => setCodeTransaction(s, first, delegates[1]!, { sponsorId: sponsor, withInvalid: true })],
    [at(0.6), (s) => setCodeTransaction(s, second, delegates[0]!)],
    [at(0.7), (s) => setCodeTransaction(s, second, 0)],
  ]);

  const named = (plan: TxPlan | null, handle: string, accountId: number): TxPlan | null =>
    plan && {
      ...plan,
      handle,
      onApplied: () => void (state.handles.delegatedAccount = state.accounts[accountId]!.hash),
    };

  const run = (ctx: BlockContext, label: string, plan: (s: Scene) => TxPlan | null) => {
    const scene: Scene = { state, cast, ctx, rng: stream(seed, label) };
    const planned = plan(scene);
    if (!planned || ctx.gasUsed + planned.gasUsed > ctx.gasLimit) return;
    applyTransaction(state, ctx, planned, scene.rng);
    planned.onApplied?.();
  };

  /** A drawn set-code transaction: delegate an account not yet delegated, else move or clear its delegation. */
  const drawnSetCode = (s: Scene): TxPlan | null => {
    const authorityId = pickAccount(s);
    const current = state.delegations.get(authorityId);
    const delegateId =
      current === undefined ? s.rng.pick(delegates) : s.rng.chance(0.6) ? delegates.find((d) => d !== current)! : 0;
    const sponsorId = s.rng.chance(0.3) ? pickOther(s, authorityId) : undefined;
    return setCodeTransaction(s, authorityId, delegateId, {
      ...(sponsorId === undefined ? {} : { sponsorId }),
      withInvalid: s.rng.chance(0.15),
    });
  };

  return {
    scripted(ctx) {
      const due = scripted.get(ctx.height);
      if (due) run(ctx, `set-code:scripted:${ctx.height}`, due);
    },
    drawn(ctx) {
      const height = ctx.height;
      if (height < at(0.04)) return;
      const brng = stream(seed, `block:${height}:set-code`);
      if (brng.chance(SET_CODE_RATE)) run(ctx, `block:${height}:set-code:tx`, drawnSetCode);
      if (brng.chance(DELEGATED_CALL_RATE) && state.delegations.size) {
        const delegated = [...state.delegations.keys()];
        const accountId = delegated[brng.int(0, delegated.length - 1)]!;
        run(ctx, `block:${height}:set-code:call`, (s) => delegatedCall(s, accountId));
      }
    },
  };
}
