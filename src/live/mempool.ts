import { createApiCore } from '../api/apiCore.js';
import { followPages } from '../api/followPages.js';
import type { Chain } from '../chain/types.js';
import type { Profile } from '../views/context.js';

/**
 * The transactions waiting in front of the head: the ones the next block will include. Block
 * `k + 1` is a function of (scenario, seed, k + 1), so the mempool of a chain at `k` is that
 * block's transactions, shown as the explorer shows a transaction not yet mined; when the block is
 * mined, the same hashes are served mined, with their block, position and final status.
 */
export interface Mempool {
  /** The pending transactions, newest first (the last the block will include first), as list items (JSON). */
  list(): readonly PendingEntry[];
  /** A pending transaction's detail (JSON), or undefined for a hash not waiting. */
  detail(hash: string): string | undefined;
}

type Json = Record<string, any>;

/** A pending transaction: its hash, its list item (JSON) and its lower-case sender and receiver. */
export interface PendingEntry {
  readonly hash: string;
  readonly json: string;
  readonly from: string;
  readonly to: string | null;
}

/**
 * A transaction as the explorer shows it while pending (`transaction_view.ex` with no block): no
 * status, block, position or timestamp; `result: "pending"`; no gas used, no fees paid yet (`fee`
 * is the maximum, gas limit times the price offered); no token transfers; `confirmations: 0`.
 */
export function pendingForm(mined: Json, profile: Profile, detail: boolean): Json {
  const price = mined.max_fee_per_gas ?? mined.gas_price;
  const pending: Json = {
    ...mined,
    status: null,
    block_number: null,
    timestamp: null,
    position: null,
    result: 'pending',
    confirmations: 0,
    confirmation_duration: [],
    gas_used: null,
    gas_price: price,
    base_fee_per_gas: null,
    priority_fee: null,
    transaction_burnt_fee: null,
    fee: { type: 'maximum', value: String(BigInt(mined.gas_limit) * BigInt(price)) },
    created_contract: null,
    revert_reason: null,
    token_transfers: detail ? [] : null,
    token_transfers_overflow: detail ? false : null,
    transaction_types: (mined.transaction_types as string[]).filter((t) => t !== 'token_transfer'),
    has_error_in_internal_transactions: null,
  };
  if (profile === 'spec') Object.assign(pending, { actions: [], token_transfers: [], token_transfers_overflow: false, transaction_tag: null });
  else Object.assign(pending, { historic_exchange_rate: null, is_pending_update: null });
  return pending;
}

/** The mempool of a chain at `height - 1`, from `next`, the chain built to `height`. */
export function mempoolOf(next: Chain, height: number, profile: Profile): Mempool {
  const api = createApiCore(next, { profile });
  const answer = (url: string) => {
    const u = new URL(`http://mock${url}`);
    return api(u.pathname, u.searchParams);
  };
  const get = (url: string): Json => JSON.parse(answer(url).body) as Json;
  let listed: PendingEntry[] | undefined;
  return {
    list() {
      if (!listed) {
        const mined = followPages(answer, `/api/v2/blocks/${height}/transactions`, 10_000).flatMap((url) => get(url).items as Json[]);
        listed = mined.reverse().map((t) => ({
          hash: t.hash as string,
          json: JSON.stringify(pendingForm(t, profile, false)),
          from: (t.from.hash as string).toLowerCase(),
          to: t.to ? (t.to.hash as string).toLowerCase() : null,
        }));
      }
      return listed;
    },
    detail(hash) {
      const found = this.list().find((t) => t.hash === hash);
      return found && JSON.stringify(pendingForm(get(`/api/v2/transactions/${hash}`), profile, true));
    },
  };
}
