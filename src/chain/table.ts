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

/** A table that can read one field of every row without decoding whole rows (a loaded snapshot's). */
interface ColumnTable<T> extends Table<T> {
  column<K extends keyof T>(key: K): (index: number) => T[K];
  isNull(key: keyof T): (index: number) => boolean;
}

/**
 * One field of a table's rows, by position: from the table's column where it has one (a loaded
 * snapshot reads it without decoding a million rows), else from the rows. For folds over a whole table.
 */
export function fieldOf<T, K extends keyof T>(table: Table<T>, key: K): (index: number) => T[K] {
  const columns = table as Partial<ColumnTable<T>>;
  return typeof columns.column === 'function' ? columns.column(key) : (i) => table.at(i)![key];
}

/** Whether one field of a table's rows is null (or absent), by position, without decoding it where the table can. */
export function isNullOf<T>(table: Table<T>, key: keyof T): (index: number) => boolean {
  const columns = table as Partial<ColumnTable<T>>;
  return typeof columns.isNull === 'function' ? columns.isNull(key) : (i) => table.at(i)![key] == null;
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
