import type { Chain } from '../chain/types.js';
import { boundedMemo, type Memo } from '../memo/boundedMemo.js';
import { type Lru, lru } from '../memo/lru.js';

/**
 * A chain and what follows from it, each fact computed once: the layer every API asks (REST views,
 * the websocket, the mempool; the node and the Etherscan API). Facts are typed values, never JSON.
 * One per chain (`factsOf`), shared by every API serving it.
 */
export interface Facts {
  readonly chain: Chain;
  /** Derived facts by key; only the modules of `src/domain` name keys. */
  readonly memo: Memo;
  /** Lists narrowed by a filter (an address's transfers of one token…), bounded by their total length. */
  readonly lists: Lru<Int32Array>;
}

/** The list of `key`, narrowing it with `build` on a miss. */
export function memoList(facts: Facts, key: string, build: () => Int32Array): Int32Array {
  return facts.lists.get(key) ?? facts.lists.set(key, build());
}

/** Derived facts one chain keeps at most (a token's holders, a contract's artifacts, an address's balance steps…). */
const MAX_FACTS = 32 * 1024;
/** Entries (4 bytes each) of filtered lists one chain keeps: 32 MB. */
const MAX_LIST_ENTRIES = 8 * 1024 * 1024;

const FACTS = new WeakMap<Chain, Facts>();

/** The facts of `chain` (the same object for the same chain). */
export function factsOf(chain: Chain): Facts {
  let facts = FACTS.get(chain);
  if (!facts) FACTS.set(chain, (facts = { chain, memo: boundedMemo(MAX_FACTS), lists: lru(MAX_LIST_ENTRIES) }));
  return facts;
}
