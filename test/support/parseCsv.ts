/**
 * An RFC 4180 reader for the tests: rows of fields, every row ended by `\r\n` (a bare `\n` or a
 * missing last line end is an error, so a test sees a malformed file), quoted fields unescaped.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') field += text[i++];
      if (field.includes('"')) throw new Error(`a quote inside an unquoted field: ${field}`);
    }
    row.push(field);
    if (text[i] === ',') {
      i++;
      continue;
    }
    if (text.startsWith('\r\n', i)) {
      rows.push(row);
      row = [];
      i += 2;
      continue;
    }
    throw new Error(`expected a comma or CRLF at ${i}, found ${JSON.stringify(text.slice(i, i + 10))}`);
  }
  if (row.length) throw new Error('the last row is not ended by CRLF');
  return rows;
}

/** The rows of a CSV text as records keyed by its header row. */
export function csvRecords(text: string): { header: string[]; records: Record<string, string>[] } {
  const [header = [], ...rows] = parseCsv(text);
  for (const row of rows)
    if (row.length !== header.length)
      throw new Error(`a row of ${row.length} fields under a header of ${header.length}`);
  return { header, records: rows.map((row) => Object.fromEntries(header.map((h, i) => [h, row[i]!]))) };
}
