import { beaconDepositsOf } from '../../domain/beaconDeposits.js';
import { hasBlobs } from '../../domain/blobs.js';
import { accountIdOf } from '../../domain/accounts.js';
import { itemsOf } from '../../domain/transactions.js';
import type { RestContext } from '../context.js';
import type { EndpointHandler } from '../endpoint.js';
import { addressParam } from '../params.js';
import { jsonResponse } from '../response.js';

/** Tab counts stop at this: 51 means "more than 50", as the explorer counts them. */
const TAB_LIMIT = 51;

const tokenTransferItems = (ctx: RestContext, id: number) => {
  let n = 0;
  for (const t of ctx.chain.indexes.at(id)!.tokenTransfers) n += itemsOf(ctx.chain.tokenTransfers.at(t)!);
  return n;
};

/** `/addresses/{h}/counters`: exact counts, as strings. */
export const addressCounters: EndpointHandler = (ctx, [raw]) => {
  const id = accountIdOf(ctx.chain, addressParam(raw!));
  if (id === undefined)
    return jsonResponse(200, {
      transactions_count: '0',
      token_transfers_count: '0',
      gas_usage_count: '0',
      validations_count: '0',
    });
  const index = ctx.chain.indexes.at(id)!;
  const gasOf = (list: Int32Array, incoming: boolean) =>
    list.reduce((sum, t) => {
      const transaction = ctx.chain.transactions.at(t)!;
      return incoming && transaction.toId !== id ? sum : sum + transaction.gasUsed;
    }, 0);
  // As Blockscout counts it: a contract's gas usage is that of the transactions sent to it (not its creation; of those it sent when none were); an EOA's, of those it sent.
  const gas =
    (ctx.chain.accounts[id]!.contract && gasOf(index.transactionsTo, true)) || gasOf(index.transactionsFrom, false);
  return jsonResponse(200, {
    transactions_count: String(index.transactions.length),
    token_transfers_count: String(tokenTransferItems(ctx, id)),
    gas_usage_count: String(gas),
    validations_count: String(index.minedBlocks.length),
  });
};

/** `/addresses/{h}/tabs-counters`: each tab's item count, capped at 51. */
export const addressTabsCounters: EndpointHandler = (ctx, [raw]) => {
  const id = accountIdOf(ctx.chain, addressParam(raw!));
  const ethereum = hasBlobs(ctx.chain);
  const keys = [
    'validations_count',
    'transactions_count',
    'token_transfers_count',
    'token_balances_count',
    'logs_count',
    'withdrawals_count',
    'internal_transactions_count',
    // An Ethereum explorer (the chain type a chain with blobs is) counts the beacon deposits it sent too.
    ...(ethereum ? ['beacon_deposits_count'] : []),
  ];
  if (id === undefined) return jsonResponse(200, Object.fromEntries(keys.map((k) => [k, 0])));
  const index = ctx.chain.indexes.at(id)!;
  const counts = [
    index.minedBlocks.length,
    index.transactions.length,
    tokenTransferItems(ctx, id),
    index.holdings.length,
    index.logs.length,
    index.withdrawals.length,
    index.internalTransactions.length,
    ...(ethereum ? [beaconDepositsOf(ctx.facts).byFrom.get(id)?.length ?? 0] : []),
  ];
  return jsonResponse(200, Object.fromEntries(keys.map((k, i) => [k, Math.min(counts[i]!, TAB_LIMIT)])));
};
