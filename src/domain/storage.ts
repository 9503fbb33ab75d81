import { type AccountId, type Hex, NONE, type StorageWrite } from '../chain/types.js';
import type { Facts } from './facts.js';

/** Per account and slot, the rows of `chain.storageWrites` that set it, in chain order. */
const writesBySlot = (facts: Facts): ReadonlyMap<string, readonly number[]> =>
  facts.memo.get('storage-writes', () => {
    const bySlot = new Map<string, number[]>();
    const writes = facts.chain.storageWrites;
    for (let i = 0; i < writes.length; i++) {
      const w = writes.at(i)!;
      const key = `${w.accountId}:${w.slot}`;
      let rows = bySlot.get(key);
      if (!rows) bySlot.set(key, (rows = []));
      rows.push(i);
    }
    return bySlot;
  });

/**
 * What an executed transaction last wrote to `slot` (32 bytes, lower-case hex) of account `id` at or
 * before block `height`; undefined where no transaction of the chain wrote it (its value is then
 * what the contract started with).
 */
export const storageWrittenAt = (facts: Facts, id: AccountId, slot: Hex, height: number): Hex | undefined =>
  storageWriteOf(facts, id, slot, height)?.value;

/** The last write of a slot at or before block `height`, if a transaction of the chain wrote it. */
export function storageWriteOf(facts: Facts, id: AccountId, slot: Hex, height: number): StorageWrite | undefined {
  const rows = writesBySlot(facts).get(`${id}:${slot}`);
  if (!rows) return undefined;
  let last: StorageWrite | undefined;
  for (const row of rows) {
    const w = facts.chain.storageWrites.at(row)!;
    if (w.block > height) break;
    last = w;
  }
  return last;
}

/**
 * What was last written to `slot` of account `id` before transaction `at` (in chain order): by the
 * transactions before it, or outside any transaction in an earlier block (a genesis allocation, a
 * cheat code, which holds after its block's transactions); undefined where nothing was.
 */
export function storageBefore(facts: Facts, id: AccountId, slot: Hex, at: number): Hex | undefined {
  const rows = writesBySlot(facts).get(`${id}:${slot}`);
  if (!rows) return undefined;
  const block = facts.chain.transactions.at(at)!.block;
  let last: Hex | undefined;
  for (const row of rows) {
    const w = facts.chain.storageWrites.at(row)!;
    if (w.transaction === NONE ? w.block >= block : w.transaction >= at) break;
    last = w.value;
  }
  return last;
}
