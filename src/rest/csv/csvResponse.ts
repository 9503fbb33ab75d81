import type { ApiResponse } from '../response.js';
import { type CsvField, csvText } from './csvText.js';

/** Most rows a CSV export holds (the explorer's default `CSV_EXPORT_LIMIT`). */
export const CSV_EXPORT_LIMIT = 10_000;

/** The explorer's download headers; the cookie tells its UI the download started (`max_age: 86_400`, not HTTP-only). */
const DOWNLOAD_HEADERS = {
  'content-disposition': 'attachment;',
  'set-cookie': 'csv-downloaded=true; path=/; max-age=86400',
} as const;

/** A synchronous CSV export's answer: a header row, then the rows. */
export const csvResponse = (header: readonly string[], rows: readonly (readonly CsvField[])[]): ApiResponse => ({
  status: 200,
  body: csvText([header, ...rows]),
  contentType: 'application/csv',
  headers: DOWNLOAD_HEADERS,
});
