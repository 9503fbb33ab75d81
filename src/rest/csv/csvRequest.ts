import type { AccountId } from '../../chain/types.js';
import { accountIdOf } from '../../domain/accounts.js';
import type { RestContext } from '../context.js';
import { invalidParameter, notFound } from '../errors.js';
import { addressParam } from '../params.js';
import { periodBlock } from './csvPeriod.js';

/** An address export's request: whose rows, between which blocks (inclusive), narrowed how. */
export interface AddressCsvRequest {
  readonly address: AccountId;
  readonly fromBlock: number;
  readonly toBlock: number;
  /** `filter_type`: `address` (then `filter_value` is `to` or `from`) or `topic` (then a 32-byte topic); null for none. */
  readonly filterType: 'address' | 'topic' | null;
  readonly filterValue: string | null;
}

const TOPIC = /^0x[0-9a-fA-F]{64}$/;
const absent = (value: string | null): value is null => value === null || value === '' || value === 'null';

function filterOf(query: URLSearchParams): Pick<AddressCsvRequest, 'filterType' | 'filterValue'> {
  const type = query.get('filter_type');
  const value = query.get('filter_value');
  if (!absent(type) && type !== 'address' && type !== 'topic')
    throw invalidParameter('/filter_type', 'Invalid value for enum: expected address or topic');
  if (!absent(value) && value !== 'to' && value !== 'from' && !TOPIC.test(value))
    throw invalidParameter('/filter_value', 'Invalid value: expected to, from or a 32-byte topic');
  return { filterType: absent(type) ? null : type, filterValue: absent(value) ? null : value.toLowerCase() };
}

/** The address of an export: 404 for one the chain has never seen. */
function knownAddress(ctx: RestContext, lower: string): AccountId {
  const id = accountIdOf(ctx.chain, lower);
  if (id === undefined) throw notFound();
  return id;
}

/**
 * An address export's request on the REST API's path (`/addresses/{h}/…/csv`): `from_period` and
 * `to_period` required (422 when missing or malformed, as the explorer's schema), then 404 for an
 * address the chain has never seen.
 */
export function addressCsvRequest(ctx: RestContext, rawAddress: string, query: URLSearchParams): AddressCsvRequest {
  const lower = addressParam(rawAddress);
  const period = (key: 'from_period' | 'to_period') => {
    const text = query.get(key);
    if (text === null) throw invalidParameter(`/${key}`, `Missing field: ${key}`);
    return periodBlock(ctx.chain, key, text);
  };
  const fromBlock = period('from_period');
  const toBlock = period('to_period');
  const filter = filterOf(query);
  return { address: knownAddress(ctx, lower), fromBlock, toBlock, ...filter };
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * An address export's request on the explorer's older paths (`/api/v1/transactions-csv`…):
 * `address_id`, `from_period` and `to_period` all required (404 when one is missing, as before
 * the explorer's v9), then 422 for a malformed one and 404 for an unknown address.
 */
export function v1AddressCsvRequest(ctx: RestContext, query: URLSearchParams): AddressCsvRequest {
  const addressId = query.get('address_id');
  const from = query.get('from_period');
  const to = query.get('to_period');
  if (addressId === null || from === null || to === null) throw notFound();
  if (!ADDRESS.test(addressId))
    throw invalidParameter('/address_id', 'Invalid format. Expected ~r/^0x([A-Fa-f0-9]{40})$/');
  const fromBlock = periodBlock(ctx.chain, 'from_period', from);
  const toBlock = periodBlock(ctx.chain, 'to_period', to);
  const filter = filterOf(query);
  return { address: knownAddress(ctx, addressId.toLowerCase()), fromBlock, toBlock, ...filter };
}

/** The direction an address filter asks for (`filter_type=address`, `filter_value=to|from`), if any. */
export const directionOf = (request: AddressCsvRequest): 'to' | 'from' | undefined =>
  request.filterType === 'address' && (request.filterValue === 'to' || request.filterValue === 'from')
    ? request.filterValue
    : undefined;
