/** Finds an entity's index by its (lower-case, 0x-prefixed) hash. */
export interface HashLookup {
  get(hash: string): number | undefined;
  readonly size: number;
}

/**
 * An open-addressing table from hash to index, for millions of entities whose hashes are
 * uniformly random: one Int32Array instead of a Map entry per entity (a Map of a million
 * transaction hashes costs about a second to build and 80 MB).
 */
export function hashIndex(count: number, hashAt: (index: number) => string): HashLookup {
  let capacity = 16;
  while (capacity < count * 2) capacity *= 2;
  const mask = capacity - 1;
  const table = new Int32Array(capacity).fill(-1);
  const slotOf = (hash: string) => (parseInt(hash.slice(2, 10), 16) >>> 0) & mask;
  for (let i = 0; i < count; i++) {
    let slot = slotOf(hashAt(i));
    while (table[slot] !== -1) slot = (slot + 1) & mask;
    table[slot] = i;
  }
  return {
    size: count,
    get(hash) {
      if (hash.length !== 66) return undefined;
      let slot = slotOf(hash);
      if (Number.isNaN(slot)) return undefined;
      for (let index = table[slot]!; index !== -1; index = table[slot]!) {
        if (hashAt(index) === hash) return index;
        slot = (slot + 1) & mask;
      }
      return undefined;
    },
  };
}
