import type { Table } from '../chain/table.js';

/**
 * A table whose rows are decoded from a snapshot's columns on first access and kept: loading a
 * snapshot costs nothing per row until a row is read.
 */
export class LazyTable<T> implements Table<T> {
  private readonly rows: (T | undefined)[];

  constructor(
    readonly length: number,
    private readonly decode: (index: number) => T,
    private readonly columnOf?: (name: string) => ((index: number) => unknown) | undefined,
    private readonly nullColumnOf?: (name: string) => ((index: number) => boolean) | undefined,
  ) {
    this.rows = new Array<T | undefined>(length);
  }

  /**
   * One field of every row, read from its column without decoding (or keeping) rows; a field the
   * rows do not hold reads as undefined, as it does on a decoded row. Without columns, from the rows.
   */
  column<K extends keyof T>(key: K): (index: number) => T[K] {
    if (!this.columnOf) return (i) => this.at(i)![key];
    const read = this.columnOf(String(key));
    return (read ?? (() => undefined)) as (index: number) => T[K];
  }

  /** Whether a field of each row is null (or absent), read from its column without decoding the value. */
  isNull(key: keyof T): (index: number) => boolean {
    if (!this.nullColumnOf) return (i) => this.at(i)![key] == null;
    return this.nullColumnOf(String(key)) ?? (() => true);
  }

  at(index: number): T | undefined {
    const i = index < 0 ? index + this.length : index;
    if (!(i >= 0 && i < this.length)) return undefined;
    let row = this.rows[i];
    if (row === undefined) this.rows[i] = row = this.decode(i);
    return row;
  }

  *[Symbol.iterator](): Iterator<T> {
    for (let i = 0; i < this.length; i++) yield this.at(i)!;
  }
}
