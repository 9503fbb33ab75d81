/**
 * A least-recently-used cache of strings (or byte arrays) bounded by their total size, keys
 * included (a client choosing long URLs must not grow it past the bound). The chain never
 * changes, so entries never go stale; the bound only keeps memory flat.
 */
export interface Lru<V extends { length: number }> {
  get(key: string): V | undefined;
  /** Like `get`, without marking the entry used: for hot paths where the reordering costs more than it saves. */
  peek(key: string): V | undefined;
  set(key: string, value: V): V;
  /** A new cache of the same bound holding the entries `keep` keeps, in the same order (this one is left as it is). */
  filtered(keep: (value: V, key: string) => boolean): Lru<V>;
  clear(): void;
  readonly size: number;
}

export function lru<V extends { length: number }>(maxUnits: number): Lru<V> {
  const entries = new Map<string, V>();
  let units = 0;
  return {
    get size() {
      return entries.size;
    },
    peek(key) {
      return entries.get(key);
    },
    get(key) {
      const value = entries.get(key);
      if (value !== undefined) {
        // Move to the back: Map keeps insertion order, so the front is the least recently used.
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key, value) {
      const old = entries.get(key);
      if (old !== undefined) {
        units -= old.length + key.length;
        entries.delete(key);
      }
      if (value.length + key.length > maxUnits) return value;
      entries.set(key, value);
      units += value.length + key.length;
      for (const [k, v] of entries) {
        if (units <= maxUnits) break;
        entries.delete(k);
        units -= v.length + k.length;
      }
      return value;
    },
    filtered(keep) {
      const copy = lru<V>(maxUnits);
      for (const [k, v] of entries) if (keep(v, k)) copy.set(k, v);
      return copy;
    },
    clear() {
      entries.clear();
      units = 0;
    },
  };
}
