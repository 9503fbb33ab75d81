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
  ) {
    this.rows = new Array<T | undefined>(length);
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
