import { type LogRef, logBlockOf, transferLogRef } from '../chain/logs.js';
import { fieldOf } from '../chain/table.js';
import type { AccountId } from '../chain/types.js';
import type { Facts } from './facts.js';
import { logEventOf } from './logs.js';

/** The blocks and emitters a log query reads. */
export interface LogRange {
  /** First and last block (the last clamped to the head). */
  readonly from: number;
  readonly to: number;
  /** The emitters (account ids) whose logs are read; null for every log of the blocks. */
  readonly emitters: readonly AccountId[] | null;
}

/**
 * The logs of a block range, in chain order (block, then log index): the emitters' logs read from
 * their accounts' log indexes (merged when there are several), else every log, block by block. A
 * generator: each API matches topics and stops at its own limit, reading no further than it needs.
 * The one walk the node's `eth_getLogs` and filters, Etherscan's `getLogs` and the explorer's own
 * `eth_getLogs` share.
 */
export function* logsIn(facts: Facts, range: LogRange): Generator<LogRef> {
  const { chain } = facts;
  const to = Math.min(range.to, chain.headHeight);
  const from = Math.max(0, range.from);
  if (from > to) return;
  if (range.emitters) {
    const inRange = (id: AccountId) => {
      const out: LogRef[] = [];
      for (const ref of chain.indexes.at(id)!.logs) {
        const block = logBlockOf(chain, ref);
        if (block > to) break;
        if (block >= from) out.push(ref);
      }
      return out;
    };
    if (range.emitters.length === 1) {
      yield* inRange(range.emitters[0]!);
      return;
    }
    const refs = [...new Set(range.emitters)].flatMap(inRange);
    refs.sort(
      (a, b) => logBlockOf(chain, a) - logBlockOf(chain, b) || logEventOf(facts, a).index - logEventOf(facts, b).index,
    );
    yield* refs;
    return;
  }
  // Block by block, each transaction's events then its token transfers (its logs in log index
  // order), read from the tables' columns: a wide query decodes no whole row.
  const transactionStart = fieldOf(chain.blocks, 'transactionStart');
  const transactionCount = fieldOf(chain.blocks, 'transactionCount');
  const eventStart = fieldOf(chain.transactions, 'eventStart');
  const eventCount = fieldOf(chain.transactions, 'eventCount');
  const transferStart = fieldOf(chain.transactions, 'tokenTransferStart');
  const transferCount = fieldOf(chain.transactions, 'tokenTransferCount');
  for (let height = from; height <= to; height++) {
    const first = transactionStart(height);
    for (let t = first; t < first + transactionCount(height); t++) {
      for (let e = eventStart(t), end = e + eventCount(t); e < end; e++) yield e;
      for (let r = transferStart(t), end = r + transferCount(t); r < end; r++) yield transferLogRef(r);
    }
  }
}
