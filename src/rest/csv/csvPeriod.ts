import type { Chain } from '../../chain/types.js';
import { blockBoundOf } from '../../domain/blocksByTime.js';
import { invalidParameter } from '../errors.js';

/** What the explorer's schema lets through as a period: an ISO date, a date and time (minutes, seconds, fraction and zone optional), or `null`. */
const PERIOD =
  /^(null|\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3])((:|%3A)[0-5]\d((:|%3A)[0-5]\d(\.\d{1,9})?)?)?(Z|(\+|%2B|-)([01]\d|2[0-3])((:|%3A)[0-5]\d)?)?)?)$/i;

const DATE = /^(\d{4})-(\d\d)-(\d\d)$/;
/** What Elixir's `DateTime.from_iso8601` reads: seconds and a zone are required. */
const DATE_TIME = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.(\d+))?(?:(Z)|([+-])(\d\d)(?::?(\d\d))?)$/i;

/** Unix seconds of a calendar date and time, or undefined when the date does not exist (2025-02-30). */
function utcSeconds(y: number, mo: number, d: number, h: number, mi: number, s: number): number | undefined {
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(ms);
  return back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d
    ? ms / 1000
    : undefined;
}

/**
 * The instant a period bound names, as the explorer reads it: a date alone is its first second
 * (`from`) or its last (`to`); a date and time needs seconds and a zone. Whole seconds, and whether
 * a fraction followed; undefined for what the explorer cannot read.
 */
export function periodInstant(text: string, bound: 'from' | 'to'): { seconds: number; fraction: boolean } | undefined {
  const date = DATE.exec(text);
  if (date) {
    const [y, mo, d] = date.slice(1).map(Number) as [number, number, number];
    const seconds = bound === 'from' ? utcSeconds(y, mo, d, 0, 0, 0) : utcSeconds(y, mo, d, 23, 59, 59);
    return seconds === undefined ? undefined : { seconds, fraction: false };
  }
  return dateTimeInstant(text);
}

/** The instant an ISO 8601 date and time names, as Elixir's `DateTime.from_iso8601` reads it (seconds and a zone required): whole seconds, and whether a fraction followed. */
export function dateTimeInstant(text: string): { seconds: number; fraction: boolean } | undefined {
  const m = DATE_TIME.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const local = utcSeconds(y, mo, d, h, mi, s);
  if (local === undefined) return undefined;
  const offset = m[8] ? 0 : (m[9] === '-' ? -1 : 1) * (Number(m[10]) * 3600 + Number(m[11] ?? 0) * 60);
  return { seconds: local - offset, fraction: /[1-9]/.test(m[7] ?? '') };
}

/**
 * The block a period bound stands for (the explorer's `block_from_period`): the first block at or
 * after a `from` instant, the last at or before a `to` one, past either end of the chain the height
 * beyond it (so nothing is kept); 0 where the text names no instant. 422 for text the explorer's
 * schema refuses.
 */
export function periodBlock(chain: Chain, key: 'from_period' | 'to_period', text: string): number {
  if (!PERIOD.test(text))
    throw invalidParameter(`/${key}`, 'Invalid format. Expected an ISO 8601 date or date and time, or null');
  const bound = key === 'from_period' ? 'from' : 'to';
  const instant = periodInstant(text, bound);
  return instant ? blockBoundOf(chain, instant, bound === 'from' ? 'after' : 'before') : 0;
}
