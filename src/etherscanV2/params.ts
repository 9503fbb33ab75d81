import type { Params } from './envelope.js';

/** The parameters with their names lower-cased (`chainId`, `startBlock`, `apiKey` as clients spell them); a later name wins. */
export function caseBlind(params: ReadonlyMap<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of params) out.set(name.toLowerCase(), value);
  return out;
}

/** An address: 0x and 40 hex digits, any case; lower-cased. Undefined when it is not one. */
export function addressOf(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed !== undefined && /^0x[0-9a-fA-F]{40}$/.test(trimmed) ? trimmed.toLowerCase() : undefined;
}

/** A transaction hash: 0x and 64 hex digits; lower-cased. */
export function hashOf(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed !== undefined && /^0x[0-9a-fA-F]{64}$/.test(trimmed) ? trimmed.toLowerCase() : undefined;
}

/** A non-negative decimal integer (at most 15 digits), or undefined. */
export function integerOf(value: string | undefined): number | undefined {
  const trimmed = value?.trim();
  return trimmed !== undefined && /^\d{1,15}$/.test(trimmed) ? Number(trimmed) : undefined;
}

/** The most items one request returns, and what `page × offset` may not pass. */
export const WINDOW = 10_000;

/** Paging and ranges, as Etherscan's list actions read them. */
export interface ListOptions {
  /** 1-based; `0` or a bad value is the first page. */
  readonly page: number;
  /** Items per page; absent, `0` or a bad value: the whole window (10,000). */
  readonly offset: number;
  readonly descending: boolean;
  readonly startBlock: number;
  readonly endBlock: number;
  /** `page × offset` passes 10,000: the request is refused. */
  readonly windowTooLarge: boolean;
}

/** The list options of a request; `sort` defaults to `asc` (oldest first), as on Etherscan. */
export function listOptions(params: Params, headHeight: number): ListOptions {
  const page = integerOf(params.get('page'));
  const offset = integerOf(params.get('offset'));
  const validPage = page !== undefined && page > 0 ? page : 1;
  const validOffset = offset !== undefined && offset > 0 ? offset : WINDOW;
  const end = params.get('endblock')?.trim();
  return {
    page: validPage,
    offset: validOffset,
    descending: params.get('sort')?.trim().toLowerCase() === 'desc',
    startBlock: integerOf(params.get('startblock')) ?? 0,
    endBlock: end === 'latest' ? headHeight : (integerOf(end) ?? Number.MAX_SAFE_INTEGER),
    windowTooLarge: validPage * validOffset > WINDOW,
  };
}

/** One page of `items` (already in the order asked). */
export const pageOf = <T>(items: readonly T[], o: ListOptions): T[] =>
  items.slice((o.page - 1) * o.offset, Math.min(o.page * o.offset, (o.page - 1) * o.offset + WINDOW));
