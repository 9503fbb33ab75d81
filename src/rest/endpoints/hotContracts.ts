import { HOT_CONTRACT_SCALES, type HotContract, hotContracts } from '../../domain/hotContracts.js';
import { hotContractJson } from '../../views/hotContract.js';
import type { EndpointHandler } from '../endpoint.js';
import { invalidParameter } from '../errors.js';
import { pageResponse, PAGE_SIZE } from '../paging.js';
import { bigintQuery, enumQuery, hashQuery, integerQuery } from '../params.js';

type Field = 'transactions_count' | 'total_gas_used';

/** A row's sort key: transactions, gas, address, each ascending or descending as the order says. */
const compareOn = (field: Field, a: HotContract, b: HotContract): number =>
  field === 'transactions_count'
    ? a.transactions - b.transactions
    : a.gasUsed === b.gasUsed
      ? 0
      : a.gasUsed < b.gasUsed
        ? -1
        : 1;

/**
 * `/stats/hot-smart-contracts?scale=…`: the contracts most called in a window (the domain's
 * `hotContracts`), by transactions then gas used, descending, then address ascending; `sort`
 * (`transactions_count`, `total_gas_used`) with `order` puts that field first in that order. The
 * explorer's keyset cursor: `transactions_count`, `total_gas_used` and `contract_address_hash`
 * together (any missing: the first page); its `next_page_params` carry no `items_count`.
 */
export const hotSmartContracts: EndpointHandler = (ctx, _params, query) => {
  const scale = enumQuery(query, 'scale', HOT_CONTRACT_SCALES);
  if (scale === undefined) throw invalidParameter('/scale', 'Missing field: scale');
  const sort = enumQuery(query, 'sort', ['transactions_count', 'total_gas_used'] as const);
  const order = enumQuery(query, 'order', ['asc', 'desc'] as const);
  const count = integerQuery(query, 'transactions_count');
  const gas = bigintQuery(query, 'total_gas_used');
  const address = hashQuery(query, 'contract_address_hash', 40);
  if (count === 0) throw invalidParameter('/transactions_count', 'Invalid integer: expected a positive integer');
  const lower = (row: HotContract) => ctx.chain.accounts[row.contract]!.lower;
  // The fields in sort order, each with its direction (1 ascending): the client's first, then the defaults.
  const keys: [Field, number][] = [
    ['transactions_count', -1],
    ['total_gas_used', -1],
  ];
  if (sort !== undefined && order !== undefined) {
    keys.splice(
      keys.findIndex(([f]) => f === sort),
      1,
    );
    keys.unshift([sort, order === 'asc' ? 1 : -1]);
  }
  const compare = (a: HotContract, b: HotContract) => {
    for (const [field, direction] of keys) {
      const c = compareOn(field, a, b);
      if (c !== 0) return direction * c;
    }
    return lower(a) < lower(b) ? -1 : lower(a) > lower(b) ? 1 : 0;
  };
  const rows = [...hotContracts(ctx.facts, scale)].sort(compare);
  let start = 0;
  if (count !== undefined && gas !== undefined && address !== undefined) {
    const cursor = { contract: -1, transactions: count, gasUsed: gas };
    const after = (row: HotContract) => {
      for (const [field, direction] of keys) {
        const c = compareOn(field, row, cursor);
        if (c !== 0) return direction * c > 0;
      }
      return lower(row) > address;
    };
    start = rows.findIndex(after);
    if (start < 0) start = rows.length;
  }
  const page = rows.slice(start, start + PAGE_SIZE);
  const last = page[page.length - 1];
  return pageResponse(
    page.map((row) => hotContractJson(ctx, row)),
    last && start + PAGE_SIZE < rows.length
      ? {
          contract_address_hash: lower(last),
          total_gas_used: String(last.gasUsed),
          transactions_count: last.transactions,
          ...(sort !== undefined ? { sort } : {}),
          ...(order !== undefined ? { order } : {}),
        }
      : null,
  );
};
