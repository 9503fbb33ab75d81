import { createRestApi } from '../rest/restApi.js';
import { pendingForm } from '../views/pendingTransaction.js';
import { replacedForm, replacementAt } from './replacements.js';
import { collectItems } from '../rest/walkPages.js';
import type { Chain } from '../chain/types.js';
import type { Profile } from '../views/context.js';

/**
 * The transactions waiting in front of the head: the ones the next block will include. Block
 * `k + 1` is a function of (scenario, seed, k + 1), so the mempool of a chain at `k` is that
 * block's transactions, shown as the explorer shows a transaction not yet mined; when the block is
 * mined, the same hashes are served mined, with their block, position and final status. Now and
 * then a cheaper competitor of one of them (same sender and nonce) waits too: it is never mined,
 * and is served as dropped/replaced once the block is (`replaced.ts`).
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

/** The mempool of a chain at `height - 1`, from `next`, the chain built to `height`. */
export function mempoolOf(next: Chain, height: number, profile: Profile): Mempool {
  const api = createRestApi(next, { profile });
  const answer = (url: string) => {
    const u = new URL(`http://mock${url}`);
    return api(u.pathname, u.searchParams);
  };
  const get = (url: string): Json => JSON.parse(answer(url).body) as Json;
  const competitor = replacementAt(next, height);
  const loser = competitor && { hash: competitor.hash, of: next.transactions.at(competitor.original)!.hash };
  const entry = (t: Json, json: Json): PendingEntry => ({
    hash: json.hash as string,
    json: JSON.stringify(json),
    from: (t.from.hash as string).toLowerCase(),
    to: t.to ? (t.to.hash as string).toLowerCase() : null,
  });
  let listed: PendingEntry[] | undefined;
  return {
    list() {
      if (!listed) {
        const mined = collectItems<Json>(answer, `/api/v2/blocks/${height}/transactions`);
        listed = mined
          .reverse()
          .flatMap((t) => [
            entry(t, pendingForm(t, profile, false)),
            ...(loser && t.hash === loser.of ? [entry(t, replacedForm(t, loser.hash, profile, false, false))] : []),
          ]);
      }
      return listed;
    },
    detail(hash) {
      if (!this.list().some((t) => t.hash === hash)) return undefined;
      if (loser && hash === loser.hash)
        return JSON.stringify(replacedForm(get(`/api/v2/transactions/${loser.of}`), hash, profile, true, false));
      return JSON.stringify(pendingForm(get(`/api/v2/transactions/${hash}`), profile, true));
    },
  };
}
