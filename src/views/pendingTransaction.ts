import type { Chain } from '../chain/types.js';
import type { Mempool, PendingTransaction } from '../domain/mempool.js';
import { cheaper } from '../domain/replacements.js';
import type { Profile } from '../schemas/profile.js';
import { cachedJson, createViewContext, type ViewContext } from './context.js';
import { transactionDetailOut, transactionItemOut } from './transaction.js';

/** The fields a losing competitor shows differently from its rival: its hash, 10% lower prices, and so its maximum fee. */
interface Competing {
  hash: string;
  gas_limit: number | string;
  gas_price: string | null;
  max_fee_per_gas: string | null;
  max_priority_fee_per_gas: string | null;
  fee: { type: 'maximum'; value: string };
  result: 'pending' | 'dropped/replaced';
}

const lower = (wei: string | null) => (wei === null ? null : String(cheaper(BigInt(wei))));

/** The losing competitor of a pending transaction: pending while its rival's block is not mined, then dropped/replaced. */
function competitorOf<T extends Competing>(pending: T, hash: string, dropped: boolean): T {
  const price = lower(pending.gas_price)!;
  return {
    ...pending,
    hash,
    gas_price: price,
    max_fee_per_gas: lower(pending.max_fee_per_gas),
    max_priority_fee_per_gas: lower(pending.max_priority_fee_per_gas),
    fee: { type: 'maximum', value: String(BigInt(pending.gas_limit) * BigInt(price)) },
    result: dropped ? 'dropped/replaced' : 'pending',
  };
}

const AHEAD = new WeakMap<Chain, Map<Profile, ViewContext>>();

/** The views of the chain one block ahead, where the pending transactions are mined (one context per profile). */
function aheadContext<P extends Profile>(mempool: Mempool, profile: P): ViewContext<P> {
  let byProfile = AHEAD.get(mempool.ahead);
  if (!byProfile) AHEAD.set(mempool.ahead, (byProfile = new Map()));
  let ctx = byProfile.get(profile);
  if (!ctx) byProfile.set(profile, (ctx = createViewContext(mempool.ahead, profile, 16 * 1024 * 1024)));
  return ctx as ViewContext<P>;
}

/** A pending transaction as `/transactions?filter=pending` lists it. */
export function pendingTransactionJson(ctx: ViewContext, mempool: Mempool, pending: PendingTransaction): string {
  const ahead = aheadContext(mempool, ctx.profile);
  return cachedJson(ahead, `pending:${pending.hash}`, () => {
    const form = ahead.format.pendingItem(transactionItemOut(ahead, pending.index));
    return pending.competitor ? competitorOf(form, pending.hash, false) : form;
  });
}

/** A pending transaction as `/transactions/{hash}` shows it. */
export function pendingTransactionDetailJson(ctx: ViewContext, mempool: Mempool, pending: PendingTransaction): string {
  const ahead = aheadContext(mempool, ctx.profile);
  return cachedJson(ahead, `pending-detail:${pending.hash}`, () => {
    const form = ahead.format.pendingDetail(transactionDetailOut(ahead, pending.index));
    return pending.competitor ? competitorOf(form, pending.hash, false) : form;
  });
}

/** `/transactions/{hash}` of a competitor that lost to mined transaction `rival`: dropped/replaced. */
export const droppedTransactionJson = (ctx: ViewContext, hash: string, rival: number): string =>
  cachedJson(ctx, `dropped:${hash}`, () =>
    competitorOf(ctx.format.pendingDetail(transactionDetailOut(ctx, rival)), hash, true),
  );
