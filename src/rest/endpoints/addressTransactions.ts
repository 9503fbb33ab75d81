import { accountIdOf, transactionsInDirection } from '../../domain/accounts.js';
import { addressParam, enumQuery, integerQuery } from '../params.js';
import { compareTuples, EMPTY_PAGE, PAGE_SIZE, pageResponse, takePage } from '../paging.js';
import type { EndpointHandler } from '../endpoint.js';
import { pendingTransactionJson } from '../../views/pendingTransaction.js';
import { transactionJson } from '../../views/transaction.js';

/** Most pending transactions shown ahead of an address's mined ones. */
const MAX_PENDING_AHEAD = 25;

/**
 * 5 · `/addresses/{hash}/transactions`: newest first; `filter=to` (incl. created contracts) or
 * `from`. In the Blockscout profile, the first page starts with the address's pending
 * transactions (the explorer sorts them first, block number nulls first), the page still 50 long.
 */
export const addressTransactions: EndpointHandler = (ctx, [raw], query) => {
  const { chain } = ctx;
  const id = accountIdOf(chain, addressParam(raw!));
  const direction = enumQuery(query, 'filter', ['to', 'from'] as const);
  const blockNumber = integerQuery(query, 'block_number');
  const position = integerQuery(query, 'index');
  const itemsCount = integerQuery(query, 'items_count') ?? 0;
  if (id === undefined) return EMPTY_PAGE;
  const list = transactionsInDirection(chain, id, direction);
  const cursor = blockNumber === undefined ? null : [blockNumber, position ?? Number.MAX_SAFE_INTEGER];
  const lower = chain.accounts[id]!.lower;
  const mempool = ctx.format.pendingFirstInAddressLists && cursor === null ? ctx.mempool() : undefined;
  const pending = mempool
    ? mempool
        .list()
        .filter((t) => (direction !== 'to' && t.from === lower) || (direction !== 'from' && t.to === lower))
        .slice(0, MAX_PENDING_AHEAD)
    : [];
  const page = takePage(
    list,
    true,
    cursor && ((t) => compareTuples([chain.transactions.at(t)!.block, chain.transactions.at(t)!.position], cursor) < 0),
  );
  const mined = page.elements.slice(0, PAGE_SIZE - pending.length);
  const more = page.more || mined.length < page.elements.length;
  const last = chain.transactions.at(mined[mined.length - 1] ?? 0)!;
  return pageResponse(
    [...pending.map((t) => pendingTransactionJson(ctx, mempool!, t)), ...mined.map((t) => transactionJson(ctx, t))],
    more && mined.length
      ? { block_number: last.block, index: last.position, items_count: itemsCount + pending.length + mined.length }
      : null,
  );
};
