import fc from 'fast-check';
import type { Responses } from '../schemas/index.js';

import { coinSupply } from '../domain/amounts.js';
import * as r from './resources.js';

export interface PageOptions {
  /** Only last pages (`next_page_params: null`). */
  readonly last?: boolean;
  /** Only empty lists. */
  readonly empty?: boolean;
  /** Most items in a page (default 50). */
  readonly maxItems?: number;
}

type Item<K extends keyof Responses> = Responses[K] extends { items: (infer I)[] } ? I : never;
type Next<K extends keyof Responses> = Responses[K] extends { next_page_params: infer N } ? NonNullable<N> : never;

/**
 * A page of `item`s; unless it is the last, `next_page_params` points after its last item, as
 * the endpoint computes it (and `items_count` counts this page among the pages before).
 */
function page<K extends keyof Responses>(
  item: fc.Arbitrary<Item<K>>,
  next: (last: Item<K>, count: number) => fc.Arbitrary<Next<K>>,
  options: PageOptions,
) {
  const items = options.empty
    ? fc.constant([] as Item<K>[])
    : fc.array(item, { minLength: options.last ? 0 : 1, maxLength: options.maxItems ?? 50 });
  return items.chain((list) =>
    fc
      .record({
        before: fc.nat(100).map((pages) => pages * 50),
        isLast: options.last || options.empty || list.length === 0 ? fc.constant(true) : fc.boolean(),
      })
      .chain(({ before, isLast }) =>
        (isLast ? fc.constant(null) : next(list[list.length - 1]!, before + list.length)).map((next_page_params) => ({
          items: list,
          next_page_params,
        })),
      ),
  );
}

const lower = (hash: string) => hash.toLowerCase();

/** One arbitrary per list endpoint's response (endpoints 1, 3–11), with their exact cursor keys. */
export const pages = {
  addresses: (options: PageOptions = {}): fc.Arbitrary<Responses['addresses']> =>
    fc
      .record({
        p: page<'addresses'>(
          r.addressListItem(),
          (last, n) => fc.constant({ fetched_coin_balance: last.coin_balance, hash: lower(last.hash), items_count: n }),
          options,
        ),
        exchange_rate: fc.constantFrom('3141.59', '1', '0.5'),
        extra: fc.bigInt({ min: 0n, max: 10n ** 26n }),
      })
      .map(({ p, exchange_rate, extra }) => ({
        exchange_rate,
        total_supply: coinSupply(p.items.reduce((s, a) => s + BigInt(a.coin_balance), extra)),
        ...p,
      })),
  addressTokens: (options: PageOptions = {}): fc.Arbitrary<Responses['addressTokens']> =>
    page<'addressTokens'>(
      r.tokenBalance(),
      (last, n) =>
        fc.constant({
          items_count: n,
          token_name: last.token.name,
          token_type: last.token.type,
          value: Number(last.value),
        }),
      options,
    ),
  addressTokenTransfers: (options: PageOptions = {}): fc.Arbitrary<Responses['addressTokenTransfers']> =>
    page<'addressTokenTransfers'>(
      r.tokenTransfer(),
      (last) => fc.nat(30_000_000).map((block_number) => ({ block_number, index: last.log_index })),
      options,
    ),
  addressTransactions: (options: PageOptions = {}): fc.Arbitrary<Responses['addressTransactions']> =>
    page<'addressTransactions'>(
      r.transaction(),
      (last, n) => fc.constant({ block_number: last.block_number, index: last.position, items_count: n }),
      options,
    ),
  addressInternalTransactions: (options: PageOptions = {}): fc.Arbitrary<Responses['addressInternalTransactions']> =>
    page<'addressInternalTransactions'>(
      r.internalTransaction(),
      (last, n) =>
        fc.nat(500).map((transaction_index) => ({
          block_number: last.block_number,
          index: last.index,
          items_count: n,
          transaction_index,
        })),
      options,
    ),
  addressNftCollections: (options: PageOptions = {}): fc.Arbitrary<Responses['addressNftCollections']> =>
    page<'addressNftCollections'>(
      r.nftCollection(),
      (last) =>
        fc.constant({ token_contract_address_hash: lower(last.token.address_hash), token_type: last.token.type }),
      options,
    ),
  addressWithdrawals: (options: PageOptions = {}): fc.Arbitrary<Responses['addressWithdrawals']> =>
    page<'addressWithdrawals'>(
      r.withdrawal().map(({ receiver: _, ...w }) => w),
      (last, n) => fc.constant({ index: last.index, items_count: n }),
      options,
    ),
  blocks: (options: PageOptions = {}): fc.Arbitrary<Responses['blocks']> =>
    page<'blocks'>(r.block(), (last, n) => fc.constant({ block_number: last.height, items_count: n }), options),
  blockTransactions: (options: PageOptions = {}): fc.Arbitrary<Responses['blockTransactions']> =>
    page<'blockTransactions'>(
      r.transaction(),
      (last, n) => fc.constant({ block_number: last.block_number, index: last.position, items_count: n }),
      options,
    ),
  transactionTokenTransfers: (options: PageOptions = {}): fc.Arbitrary<Responses['transactionTokenTransfers']> =>
    page<'transactionTokenTransfers'>(
      r.tokenTransfer(),
      (last) =>
        fc.nat(20).map((index_in_batch) => ({
          batch_block_hash: last.block_hash,
          batch_log_index: last.log_index,
          batch_transaction_hash: last.transaction_hash,
          index_in_batch,
        })),
      options,
    ),
} as const;
