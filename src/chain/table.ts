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
  /** The row at `index` (undefined outside 0 … length − 1). */
  at(index: number): T | undefined;
}

/** The rows of a table as an array (a copy for tables that are not arrays). */
export const rowsOf = <T>(table: Table<T>): readonly T[] =>
  Array.isArray(table) ? (table as readonly T[]) : [...table];
