import { MAX_JSON_DEPTH, nestsDeeperThan } from '../domain/jsonDepth.js';
import type { Params } from './envelope.js';

export { MAX_JSON_DEPTH, nestsDeeperThan } from '../domain/jsonDepth.js';

/** An address as the explorer casts it: 0x and 40 hex digits, any case; lower-cased. Undefined when it is not one. */
export function addressOf(value: string | undefined): string | undefined {
  return value !== undefined && /^0x[0-9a-fA-F]{40}$/.test(value) ? value.toLowerCase() : undefined;
}

/** A transaction hash: 0x and 64 hex digits; lower-cased. */
export function hashOf(value: string | undefined): string | undefined {
  return value !== undefined && /^0x[0-9a-fA-F]{64}$/.test(value) ? value.toLowerCase() : undefined;
}

/** An integer as Elixir's `Integer.parse` takes a whole string (a sign allowed), or undefined. */
export function integerOf(value: string | undefined): number | undefined {
  if (value === undefined || !/^[+-]?\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}

/** The paging and range options the account actions share (`page`, `offset`, `sort`, block and time ranges), as the explorer reads them. */
export interface ListOptions {
  readonly page: number;
  readonly offset: number;
  readonly descending: boolean;
  readonly startBlock: number | null;
  readonly endBlock: number | null;
  readonly startTimestamp: number | null;
  readonly endTimestamp: number | null;
  readonly filterBy: 'from' | 'to' | null;
  readonly includeZeroValue: boolean;
  /** Set when both `page` and `offset` were valid and their product passes 10,000. */
  readonly windowTooLarge: boolean;
}

export const WINDOW_MESSAGE = 'Result window is too large, PageNo x Offset size must be less than or equal to 10000';
const MAX_BLOCK = 2 ** 31 - 1;

/** The options of a list action; an invalid value is ignored, as the explorer ignores it. */
export function listOptions(params: Params, defaultOffset = 10_000): ListOptions {
  const page = integerOf(params.get('page'));
  const offset = integerOf(params.get('offset'));
  const validPage = page !== undefined && page > 0 ? page : undefined;
  const validOffset = offset !== undefined && offset > 0 && offset <= 10_000 ? offset : undefined;
  const block = (name: string) => {
    const n = integerOf(params.get(name));
    return n !== undefined && n >= 0 && n <= MAX_BLOCK ? n : null;
  };
  const time = (name: string) => {
    const n = integerOf(params.get(name));
    return n !== undefined && n >= 0 ? n : null;
  };
  const filterBy = params.get('filter_by');
  const zero = params.get('include_zero_value')?.toLowerCase();
  return {
    page: validPage ?? 1,
    offset: validOffset ?? defaultOffset,
    descending: params.get('sort') !== 'asc',
    startBlock: block('startblock'),
    endBlock: block('endblock'),
    startTimestamp: time('start_timestamp'),
    endTimestamp: time('end_timestamp'),
    filterBy: filterBy === 'from' || filterBy === 'to' ? filterBy : null,
    includeZeroValue: zero === 'true',
    windowTooLarge: validPage !== undefined && validOffset !== undefined && validPage * validOffset > 10_000,
  };
}

/** One page of `items` (already in the order asked). */
export const pageOf = <T>(items: readonly T[], o: ListOptions): T[] =>
  items.slice((o.page - 1) * o.offset, o.page * o.offset);

/** A request the mock will not read: a JSON body field nesting deeper than `MAX_JSON_DEPTH` (it could not be written back out). */
export class ParamsError extends Error {
  override readonly name = 'ParamsError';
}

/**
 * The request's parameters: the query, and the body's fields (a form, a multipart form or a JSON
 * object) over them, as the explorer merges them; a field that is itself JSON (a standard-JSON
 * input sent as an object) as its text. Throws `ParamsError` for a field nesting too deep.
 */
export function paramsOf(
  query: URLSearchParams,
  body: string | null,
  contentType: string | null | undefined,
): Map<string, string> {
  const params = new Map<string, string>();
  for (const [k, v] of query) if (!params.has(k)) params.set(k, v);
  if (!body) return params;
  const type = (contentType ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType ?? '')?.[1];
    if (boundary) for (const [k, v] of multipartFields(body, boundary)) params.set(k, v);
  } else if (type.includes('json') || (!type.includes('urlencoded') && /^\s*\{/.test(body))) {
    try {
      const parsed = JSON.parse(body) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        for (const [k, v] of Object.entries(parsed)) {
          if (v === null || v === undefined) continue;
          if (typeof v === 'object' && nestsDeeperThan(v, MAX_JSON_DEPTH))
            throw new ParamsError(
              `${k.slice(0, 100)}: the JSON body's field nests more than ${MAX_JSON_DEPTH} levels deep; explorer-mock reads fields at most ${MAX_JSON_DEPTH} levels deep`,
            );
          params.set(k, typeof v === 'string' ? v : JSON.stringify(v));
        }
    } catch (error) {
      if (error instanceof ParamsError) throw error;
      // Not JSON after all: no fields from the body.
    }
  } else for (const [k, v] of new URLSearchParams(body)) params.set(k, v);
  return params;
}

/** The text fields of a multipart/form-data body (files' contents as text too). */
function multipartFields(body: string, boundary: string): [string, string][] {
  const fields: [string, string][] = [];
  for (const part of body.split(`--${boundary}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    if (name === undefined) continue;
    let value = part.slice(split + 4);
    if (value.endsWith('\r\n')) value = value.slice(0, -2);
    fields.push([name, value]);
  }
  return fields;
}
