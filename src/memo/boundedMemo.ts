/**
 * Values derived once and kept by key, bounded by their number: entries go into a young
 * generation, which becomes the old one when full (the old one is dropped then), and an old entry
 * used again moves back to the young one. Lookups cost a map read; memory stays under
 * `maxEntries` entries whatever keys the requests make.
 */
export interface Memo {
  /** The value of `key`, computing it with `build` on a miss (`undefined` and `null` are values too). */
  get<T>(key: string, build: () => T): T;
  readonly size: number;
}

export function boundedMemo(maxEntries: number): Memo {
  const generation = Math.max(1, Math.floor(maxEntries / 2));
  let young = new Map<string, unknown>();
  let old = new Map<string, unknown>();
  const keep = (key: string, value: unknown) => {
    young.set(key, value);
    if (young.size >= generation) {
      old = young;
      young = new Map();
    }
  };
  return {
    get size() {
      return young.size + old.size;
    },
    get<T>(key: string, build: () => T): T {
      if (young.has(key)) return young.get(key) as T;
      const value = old.has(key) ? (old.get(key) as T) : build();
      keep(key, value);
      return value;
    },
  };
}
