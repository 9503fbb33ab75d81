import type { Chain } from '../../chain/types.js';
import type { ActivityCursor } from '../../domain/activityItems.js';
import { COIN_ACTIVITY_TYPES, type AdvancedFilter, type DecimalNumber } from '../../domain/advancedFilter.js';
import { blockBoundOf } from '../../domain/blocksByTime.js';
import { dateTimeInstant } from '../csv/csvPeriod.js';
import { invalidParameter } from '../errors.js';
import { defaultMethodByName } from './defaultMethods.js';

/** The types the explorer's filter accepts (upper-case), besides which entries are dropped. */
const TYPES = new Set<string>([...COIN_ACTIVITY_TYPES, 'ERC-20', 'ERC-404', 'ERC-721', 'ERC-1155', 'ERC-7984']);
/** Most methods, and most tokens in each list, the explorer honours. */
const LIST_LIMIT = 20;
const SELECTOR = /^0x[0-9a-f]{8}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

const list = (value: string | null): string[] | null => (value === null ? null : value.split(','));
const unique = (values: readonly string[]) => [...new Set(values)];

/**
 * Most decimal places an amount bound may have either way: no amount on a chain comes near (wei
 * fit in 78 digits), and a bound like `1e-999999999` would cost a billion-digit power per row.
 */
const MAX_SCALE = 400;

/** `1.5e3` as digits and a scale; null for what Elixir's `Decimal.parse` would not read whole, and for a scale past ±400 (dropped, as unreadable). */
function decimalOf(value: string | null): DecimalNumber | null {
  const m = value === null ? null : DECIMAL.exec(value);
  if (!m || (m[2] === '' && !m[3])) return null;
  const fraction = m[3] ?? '';
  const scale = fraction.length - Number(m[4] ?? 0);
  if (!(Math.abs(scale) <= MAX_SCALE)) return null;
  const digits = BigInt(`${m[1] === '-' ? '-' : ''}${m[2] || '0'}${fraction}`);
  return scale >= 0 ? { digits, scale } : { digits: digits * 10n ** BigInt(-scale), scale: 0 };
}

/** Addresses of a comma list, lower-case, malformed ones dropped (tokens: also `native`). */
function addresses(value: string | null, native: boolean): string[] | null {
  const parts = list(value);
  if (!parts) return null;
  const kept = parts.flatMap((part) =>
    native && part.toLowerCase() === 'native' ? ['native'] : ADDRESS.test(part) ? [part.toLowerCase()] : [],
  );
  return native ? kept.slice(0, LIST_LIMIT) : kept;
}

/** The selectors of `methods` and of the default methods `methods_names` names, at most 20; null when none. */
function methodsOf(query: URLSearchParams): ReadonlySet<string> | null {
  const ids = list(query.get('methods')?.toLowerCase() ?? null);
  const names = list(query.get('methods_names'));
  if (!ids && !names) return null;
  const fromIds = unique((ids ?? []).filter((id) => SELECTOR.test(id))).slice(0, LIST_LIMIT);
  const fromNames = unique(
    (names ?? []).flatMap((n) => {
      const found = defaultMethodByName(n.trim().toLowerCase());
      return found ? [found.method_id] : [];
    }),
  );
  const merged = unique([...fromIds, ...fromNames]).slice(0, LIST_LIMIT);
  return merged.length ? new Set(merged) : null;
}

/**
 * The advanced filter a query asks for, read as the explorer reads it: unknown types, malformed
 * selectors, addresses, times and amounts are dropped rather than refused; ages become the blocks
 * they bound.
 */
export function advancedFilterOf(chain: Chain, query: URLSearchParams): AdvancedFilter {
  const typesText = query.get('transaction_types');
  const types =
    typesText === null
      ? null
      : typesText
          .toUpperCase()
          .split(',')
          .filter((t) => TYPES.has(t));
  const ageFrom = dateTimeInstant(query.get('age_from') ?? '');
  const ageTo = dateTimeInstant(query.get('age_to') ?? '');
  const relation = query.get('address_relation')?.toLowerCase();
  return {
    types: types?.length ? types : null,
    methods: methodsOf(query),
    fromBlock: ageFrom ? blockBoundOf(chain, ageFrom, 'after') : null,
    toBlock: ageTo ? blockBoundOf(chain, ageTo, 'before') : null,
    from: {
      include: addresses(query.get('from_address_hashes_to_include'), false),
      exclude: addresses(query.get('from_address_hashes_to_exclude'), false),
    },
    to: {
      include: addresses(query.get('to_address_hashes_to_include'), false),
      exclude: addresses(query.get('to_address_hashes_to_exclude'), false),
    },
    relation: relation === 'and' ? 'and' : 'or',
    amountFrom: decimalOf(query.get('amount_from')),
    amountTo: decimalOf(query.get('amount_to')),
    tokens: {
      include: addresses(query.get('token_contract_address_hashes_to_include'), true),
      exclude: addresses(query.get('token_contract_address_hashes_to_exclude'), true),
    },
  };
}

const INTEGER = /^(0|[1-9][0-9]{0,15})$/;
const CURSOR_KEYS = [
  'block_number',
  'transaction_index',
  'internal_transaction_index',
  'token_transfer_index',
  'token_transfer_batch_index',
] as const;

/** A cursor value: an integer, or (for the nullable keys) `""` or `null`; 422 otherwise. */
function cursorValue(query: URLSearchParams, key: (typeof CURSOR_KEYS)[number]): number | null | undefined {
  const value = query.get(key);
  if (value === null) return undefined;
  const nullable = key !== 'block_number' && key !== 'transaction_index';
  if (nullable && (value === '' || value === 'null')) return null;
  if (!INTEGER.test(value))
    throw invalidParameter(`/${key}`, `Invalid integer: expected a non-negative integer, got "${value.slice(0, 80)}"`);
  return Number(value);
}

/** The row a page resumes after: used only when all five keys of the explorer's `next_page_params` are sent. */
export function activityCursorOf(query: URLSearchParams): ActivityCursor | null {
  const [block, transactionIndex, internalIndex, logIndex, batchIndex] = CURSOR_KEYS.map((key) =>
    cursorValue(query, key),
  );
  if (
    block === undefined ||
    block === null ||
    transactionIndex === undefined ||
    transactionIndex === null ||
    internalIndex === undefined ||
    logIndex === undefined ||
    batchIndex === undefined
  )
    return null;
  return { block, transactionIndex, internalIndex, logIndex, batchIndex };
}

/** `items_count`: a positive integer, or 0 when absent; 422 otherwise. */
export function itemsCountOf(query: URLSearchParams): number {
  const value = query.get('items_count');
  if (value === null || value === '' || value === 'null') return 0;
  if (!INTEGER.test(value) || value === '0')
    throw invalidParameter('/items_count', `Invalid integer: expected a positive integer, got "${value.slice(0, 80)}"`);
  return Number(value);
}
