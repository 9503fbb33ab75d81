import type { AccountId, Chain } from '../chain/types.js';
import { hasCode } from './accounts.js';
import { firstBlockAtOrAfter, lastBlockAtOrBefore } from './blocksByTime.js';
import type { Facts } from './facts.js';

/** The windows the explorer ranks contracts over (`hot_smart_contracts_scale_param`). */
export const HOT_CONTRACT_SCALES = ['5m', '1h', '3h', '1d', '7d', '30d'] as const;
export type HotContractScale = (typeof HOT_CONTRACT_SCALES)[number];

/** A contract called in a window: how many transactions called it and the gas they used. */
export interface HotContract {
  readonly contract: AccountId;
  readonly transactions: number;
  readonly gasUsed: bigint;
}

const DAY = 86_400;
const WINDOW_SECONDS: Partial<Record<HotContractScale, number>> = { '5m': 300, '1h': 3_600, '3h': 10_800 };
const WINDOW_DAYS: Partial<Record<HotContractScale, number>> = { '1d': 1, '7d': 7, '30d': 30 };
/** Days the explorer keeps, and how old its chain must be before it fills them (`Fetcher.Stats.HotSmartContracts`). */
const KEPT_DAYS = 30;
const MIN_CHAIN_AGE_DAYS = 30;

/** Transactions of blocks `from…to` whose callee has code, by callee (the explorer's aggregate query). */
function callsIn(chain: Chain, from: number, to: number, into: Map<AccountId, { n: number; gas: bigint }>): void {
  if (from > to) return;
  const first = chain.blocks.at(from)!.transactionStart;
  const last = chain.blocks.at(to)!;
  for (let t = first; t < last.transactionStart + last.transactionCount; t++) {
    const transaction = chain.transactions.at(t)!;
    const callee = chain.accounts[transaction.toId];
    if (!callee || !hasCode(callee)) continue;
    const row = into.get(callee.id);
    if (row) {
      row.n += 1;
      row.gas += BigInt(transaction.gasUsed);
    } else into.set(callee.id, { n: 1, gas: BigInt(transaction.gasUsed) });
  }
}

/** The blocks from the first at or after `from` to the last at or before `to` (the explorer's strict bounds), or null. */
function blocksBetween(chain: Chain, from: number, to: number): [number, number] | null {
  const first = firstBlockAtOrAfter(chain, from);
  const last = lastBlockAtOrBefore(chain, to);
  return first === undefined || last === undefined ? null : [first, last];
}

/**
 * The contracts called in a window ending at the head's time (the chain's now), as the explorer
 * ranks them (`Explorer.Stats.HotSmartContracts`), unsorted. `5m`, `1h`, `3h` count the
 * transactions of the blocks in the last so many seconds. `1d`, `7d`, `30d` add up the explorer's
 * daily rows of the last 1, 7 or 30 whole UTC days before today, each day's blocks from its first
 * second to the next midnight, both included; it writes those rows only once its chain is 30 days
 * old (by its second block), so a younger chain has none.
 */
export const hotContracts = (facts: Facts, scale: HotContractScale): readonly HotContract[] =>
  facts.memo.get(`hot-contracts:${scale}`, () => {
    const { chain } = facts;
    const now = chain.blocks.at(chain.headHeight)!.timestamp;
    const rows = new Map<AccountId, { n: number; gas: bigint }>();
    const seconds = WINDOW_SECONDS[scale];
    if (seconds !== undefined) {
      const blocks = blocksBetween(chain, now - seconds, now);
      if (blocks) callsIn(chain, blocks[0], blocks[1], rows);
    } else {
      const days = WINDOW_DAYS[scale]!;
      const second = chain.headHeight >= 1 ? chain.blocks.at(1)!.timestamp : undefined;
      const old = second !== undefined && Math.floor((now - second) / DAY) >= MIN_CHAIN_AGE_DAYS;
      const today = Math.floor(now / DAY) * DAY;
      for (let ago = Math.min(days, KEPT_DAYS); old && ago >= 1; ago--) {
        const start = today - ago * DAY;
        const blocks = blocksBetween(chain, start, start + DAY);
        if (blocks) callsIn(chain, blocks[0], blocks[1], rows);
      }
    }
    return [...rows].map(([contract, row]) => ({ contract, transactions: row.n, gasUsed: row.gas }));
  });
