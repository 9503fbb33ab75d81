import { verifiedContracts, languageOf } from '../../domain/contracts.js';
import { internalTransactionJson } from '../../views/internalTransaction.js';
import { smartContractListItemJson } from '../../views/smartContract.js';
import { withdrawalJson } from '../../views/withdrawal.js';
import { lastDayContracts } from '../../domain/dailyStatsContracts.js';
import type { EndpointHandler } from '../endpoint.js';
import { compareTuples, identity, pageResponse, takePage } from '../paging.js';
import { enumQuery, hashQuery, integerQuery, textQuery } from '../params.js';
import { jsonResponse } from '../response.js';
import { tokenTransferPage } from '../tokenTransferPage.js';

/** `/token-transfers`: every token transfer, newest first. */
export const allTokenTransfers: EndpointHandler = (ctx, _params, query) =>
  tokenTransferPage(ctx, identity(ctx.chain.tokenTransfers.length), query);

/** `/internal-transactions`: every internal transaction, newest first; `transaction_hash` narrows to one transaction. */
export const allInternalTransactions: EndpointHandler = (ctx, _params, query) => {
  const { chain } = ctx;
  const txHash = hashQuery(query, 'transaction_hash', 64);
  const blockNumber = integerQuery(query, 'block_number');
  const transactionIndex = integerQuery(query, 'transaction_index');
  const index = integerQuery(query, 'index');
  const itemsCount = integerQuery(query, 'items_count') ?? 0;
  let list: ArrayLike<number> = identity(chain.internalTransactions.length);
  if (txHash !== undefined) {
    const t = chain.transactionByHash.get(txHash);
    const tx = t === undefined ? undefined : chain.transactions.at(t)!;
    list = tx ? identity(tx.internalCount).map((k) => tx.internalStart + k) : [];
  }
  const max = Number.MAX_SAFE_INTEGER;
  const cursor = blockNumber === undefined ? null : [blockNumber, transactionIndex ?? max, index ?? max];
  const keyOf = (i: number) => {
    const it = chain.internalTransactions.at(i)!;
    return [it.block, it.transactionIndex, it.index];
  };
  const page = takePage(list, true, cursor && ((i) => compareTuples(keyOf(i), cursor) < 0));
  const last = chain.internalTransactions.at(page.elements[page.elements.length - 1] ?? 0);
  return pageResponse(
    page.elements.map((i) => internalTransactionJson(ctx, i)),
    page.more && last
      ? {
          block_number: last.block,
          transaction_index: last.transactionIndex,
          index: last.index,
          items_count: itemsCount + page.elements.length,
          ...(txHash ? { transaction_hash: txHash } : {}),
        }
      : null,
  );
};

/** `/withdrawals`: every withdrawal, index descending; cursor `index`. */
export const allWithdrawals: EndpointHandler = (ctx, _params, query) => {
  const cursor = integerQuery(query, 'index');
  const itemsCount = integerQuery(query, 'items_count') ?? 0;
  const page = takePage(identity(ctx.chain.withdrawals.length), true, cursor === undefined ? null : (w) => w < cursor);
  const last = page.elements[page.elements.length - 1];
  return pageResponse(
    page.elements.map((w) => withdrawalJson(ctx, w)),
    page.more && last !== undefined ? { index: last, items_count: itemsCount + page.elements.length } : null,
  );
};

/**
 * `/withdrawals/counters`, as the explorer reads its two cached counters: the count is the highest
 * withdrawal index seen plus one (so `"1"` before any withdrawal: `Withdrawal.count_withdrawals_from_cache`),
 * the sum is every amount in wei, a decimal integer string (`Cache.Counters.WithdrawalsSum`, stored
 * `Wei.to(sum, :wei)`), the unit of each withdrawal's `amount`.
 */
export const withdrawalCounters: EndpointHandler = (ctx) => {
  const { withdrawals } = ctx.chain;
  let sum = 0n;
  for (const w of withdrawals) sum += w.amount;
  const highest = withdrawals.length === 0 ? 0 : withdrawals.at(withdrawals.length - 1)!.index;
  return jsonResponse(200, { withdrawals_count: String(highest + 1), withdrawals_sum: String(sum) });
};

/** `/smart-contracts`: verified contracts, newest first; `q` matches name or address; `filter` a language. */
export const smartContracts: EndpointHandler = (ctx, _params, query) => {
  const { chain } = ctx;
  const q = textQuery(query, 'q')?.toLowerCase();
  const language = enumQuery(query, 'filter', ['solidity', 'vyper', 'yul'] as const);
  const smartContractId = integerQuery(query, 'smart_contract_id');
  const itemsCount = integerQuery(query, 'items_count') ?? 0;
  const list = verifiedContracts(ctx.facts).filter((id) => {
    const a = chain.accounts[id]!;
    if (q && !(a.contract!.name.toLowerCase().includes(q) || a.lower.includes(q))) return false;
    return !language || languageOf(ctx.facts, id) === language;
  });
  const start = smartContractId === undefined ? 0 : list.findIndex((id) => id < smartContractId);
  const page = start < 0 ? [] : list.slice(start, start + 50);
  const last = page[page.length - 1];
  return pageResponse(
    page.map((id) => smartContractListItemJson(ctx, id)),
    start >= 0 && start + 50 < list.length && last !== undefined
      ? { smart_contract_id: last, items_count: itemsCount + page.length }
      : null,
  );
};

/** `/smart-contracts/counters`. */
export const smartContractCounters: EndpointHandler = (ctx) => {
  const contracts = ctx.chain.accounts.filter((a) => a.contract && a.contract.creationStatus !== 'failed').length;
  const verified = verifiedContracts(ctx.facts).length;
  const lastDay = lastDayContracts(ctx.facts);
  return jsonResponse(200, {
    smart_contracts: String(contracts),
    new_smart_contracts_24h: String(lastDay.created),
    verified_smart_contracts: String(verified),
    new_verified_smart_contracts_24h: String(lastDay.verified),
  });
};
