/**
 * A read-only list of entities by position: what the chain's large collections are. A plain array
 * is one (the chain builder makes arrays); a loaded snapshot makes tables that decode each row from
 * its columns on first access, so a server starts without materialising a million objects.
 *
 * @example
 * const t = chain.transactions.at(0)!;
 * for (const transfer of chain.tokenTransfers) count++;
 */
export interface Table<T> extends Iterable<T> {
  readonly length: number;
  /** The row at `index`, counting back from the end when negative (undefined outside the table). */
  at(index: number): T | undefined;
}

/** The rows of a table as an array (a copy for tables that are not arrays). */
export const rowsOf = <T>(table: Table<T>): readonly T[] =>
  Array.isArray(table) ? (table as readonly T[]) : [...table];

/**
 * The first `length` rows of `rows`, as a table that stays that long while `rows` grows: what a
 * chain made by a builder that goes on mining holds, so a chain served earlier keeps its head.
 * Plain data and prototype methods, so two equal chains are deep-equal.
 */
export class PrefixTable<T> implements Table<T> {
  constructor(
    private readonly rows: readonly T[],
    readonly length: number = rows.length,
  ) {}

  at(index: number): T | undefined {
    const i = index < 0 ? index + this.length : index;
    return i >= 0 && i < this.length ? this.rows[i] : undefined;
  }

  /** Its rows, as JSON shows a table. */
  toJSON(): T[] {
    return this.rows.slice(0, this.length);
  }

  [Symbol.iterator](): Iterator<T> {
    let i = 0;
    const { rows, length } = this;
    return { next: () => (i < length ? { value: rows[i++]!, done: false } : { value: undefined, done: true }) };
  }
}

/** A lookup of `map` that finds only the values below `limit` (ids of what a chain held when it was made). */
export class LookupBelow {
  constructor(
    private readonly map: ReadonlyMap<string, number>,
    private readonly limit: number,
  ) {}

  get(key: string): number | undefined {
    const value = this.map.get(key);
    return value !== undefined && value < this.limit ? value : undefined;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }
}
