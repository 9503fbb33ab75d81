import type { Table } from './table.js';

/** Finds an entity's index by its (lower-case, 0x-prefixed) hash. */
export interface HashLookup {
  get(hash: string): number | undefined;
  readonly size: number;
  /** The open-addressing table, for a snapshot (when the lookup has one of exactly its entities). */
  slots?(): Int32Array;
}

const slotOf = (hash: string, mask: number) => (parseInt(hash.slice(2, 10), 16) >>> 0) & mask;

/**
 * An open-addressing table from hash to index, for millions of entities whose hashes are
 * uniformly random: one Int32Array instead of a Map entry per entity (a Map of a million
 * transaction hashes costs about a second to build and 80 MB). Plain data plus a prototype
 * method, so two tables built from equal entities are deep-equal.
 */
export class HashIndex implements HashLookup {
  private readonly table: Int32Array;
  private readonly mask: number;

  /** Indexes `entities` by hash, or takes the slots a snapshot kept (`slots()` of an equal index). */
  constructor(
    private readonly entities: Table<{ readonly hash: string }>,
    slots?: Int32Array,
  ) {
    if (slots) {
      this.table = slots;
      this.mask = slots.length - 1;
      return;
    }
    let capacity = 16;
    while (capacity < entities.length * 2) capacity *= 2;
    this.mask = capacity - 1;
    this.table = new Int32Array(capacity).fill(-1);
    for (let i = 0; i < entities.length; i++) {
      let slot = slotOf(entities.at(i)!.hash, this.mask);
      while (this.table[slot] !== -1) slot = (slot + 1) & this.mask;
      this.table[slot] = i;
    }
  }

  /**
   * The index of `entities` when it only grew since this one was built (`indexed` entities were in
   * it): the new ones are added to this table when it has room, so the result equals a fresh
   * index of `entities`. This index then answers for the grown list too; it must not be used
   * apart from it any more.
   */
  grownTo(entities: Table<{ readonly hash: string }>, indexed: number): HashIndex {
    if (this.table.length < entities.length * 2) return new HashIndex(entities);
    for (let i = indexed; i < entities.length; i++) {
      let slot = slotOf(entities.at(i)!.hash, this.mask);
      while (this.table[slot] !== -1) slot = (slot + 1) & this.mask;
      this.table[slot] = i;
    }
    return new HashIndex(entities, this.table);
  }

  get size(): number {
    return this.entities.length;
  }

  /** The open-addressing table, for a snapshot. */
  slots(): Int32Array {
    return this.table;
  }

  get(hash: string): number | undefined {
    if (hash.length !== 66) return undefined;
    let slot = slotOf(hash, this.mask);
    if (Number.isNaN(slot)) return undefined;
    for (let index = this.table[slot]!; index !== -1; index = this.table[slot]!) {
      if (this.entities.at(index)!.hash === hash) return index;
      slot = (slot + 1) & this.mask;
    }
    return undefined;
  }
}
