import type { Mempool, PendingTransaction } from '../domain/mempool.js';
import { pendingOfferOf } from '../domain/pendingOffer.js';
import type { Profile } from '../schemas/profile.js';
import { cachedJson, type ViewContext, viewContextOf } from './context.js';
import { transactionDetailOut, transactionItemOut } from './transaction.js';

/** A pending or dropped transaction under its own hash: a losing competitor shows its rival's form under it. */
const underHash = <T extends { hash: string }>(form: T, hash: string): T => ({ ...form, hash });

/** The views of the chain one block ahead, where the pending transactions are mined (16 MB of JSON: one block's). */
const aheadContext = <P extends Profile>(mempool: Mempool, profile: P): ViewContext<P> =>
  viewContextOf(mempool.ahead, profile, 16 * 1024 * 1024);

/** A pending transaction as `/transactions?filter=pending` lists it. */
export function pendingTransactionJson(ctx: ViewContext, mempool: Mempool, pending: PendingTransaction): string {
  const ahead = aheadContext(mempool, ctx.profile);
  return cachedJson(ahead, `pending:${pending.hash}`, () => {
    const offer = pendingOfferOf(ahead.chain.transactions.at(pending.index)!, pending.competitor);
    return underHash(
      ahead.format.pendingItem(transactionItemOut(ahead, pending.index), offer, 'pending'),
      pending.hash,
    );
  });
}

/** A pending transaction as `/transactions/{hash}` shows it. */
export function pendingTransactionDetailJson(ctx: ViewContext, mempool: Mempool, pending: PendingTransaction): string {
  const ahead = aheadContext(mempool, ctx.profile);
  return cachedJson(ahead, `pending-detail:${pending.hash}`, () => {
    const offer = pendingOfferOf(ahead.chain.transactions.at(pending.index)!, pending.competitor);
    return underHash(
      ahead.format.pendingDetail(transactionDetailOut(ahead, pending.index), offer, 'pending'),
      pending.hash,
    );
  });
}

/** `/transactions/{hash}` of a competitor that lost to mined transaction `rival`: dropped/replaced. */
export const droppedTransactionJson = (ctx: ViewContext, hash: string, rival: number): string =>
  cachedJson(ctx, `dropped:${hash}`, () => {
    const offer = pendingOfferOf(ctx.chain.transactions.at(rival)!, true);
    return underHash(ctx.format.pendingDetail(transactionDetailOut(ctx, rival), offer, 'dropped/replaced'), hash);
  });
