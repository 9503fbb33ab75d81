/** A CSV field: text, a number, or nothing (an empty field, as the explorer writes nil). */
export type CsvField = string | number | bigint | null;

const NEEDS_QUOTES = /[",\r\n]/;

const field = (value: CsvField): string => {
  if (value === null) return '';
  const text = String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** Rows as RFC 4180 text, as NimbleCSV dumps them: `\r\n` after every row, a field quoted only when it must be. */
export const csvText = (rows: readonly (readonly CsvField[])[]): string =>
  rows.map((row) => `${row.map(field).join(',')}\r\n`).join('');
