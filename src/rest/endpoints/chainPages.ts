import { enumQuery, hashQuery, integerQuery, textQuery } from '../params.js';
import { compareTuples, identity, pageResponse, takePage } from '../paging.js';
import type { RestContext } from '../context.js';
import type { EndpointHandler } from '../endpoint.js';
import { jsonResponse } from '../response.js';
import { tokenTransferPage } from '../tokenTransferPage.js';
import { VERSION } from '../../version.js';
import { addressRef, isVerified } from '../../views/addressRef.js';
import { blockJson } from '../../views/block.js';
import { cachedJson, cachedObject } from '../../views/context.js';
import { smartContractView } from '../../views/smartContract.js';
import { isoTimestamp, marketValue } from '../../views/format.js';
import { internalTransactionJson } from '../../views/internalTransaction.js';
import { transactionJson } from '../../views/transaction.js';
import { withdrawalView } from '../../views/withdrawal.js';

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
  const keyOf = (i: number) => [
    chain.internalTransactions.at(i)!.block,
    chain.internalTransactions.at(i)!.transactionIndex,
    chain.internalTransactions.at(i)!.index,
  ];
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
    page.elements.map((w) => cachedJson(ctx, `wfull:${w}`, () => withdrawalView(ctx, w))),
    page.more && last !== undefined ? { index: last, items_count: itemsCount + page.elements.length } : null,
  );
};

/** `/withdrawals/counters`. */
export const withdrawalCounters: EndpointHandler = (ctx) => {
  let sum = 0n;
  for (const w of ctx.chain.withdrawals) sum += w.amount;
  return jsonResponse(200, { withdrawals_count: String(ctx.chain.withdrawals.length), withdrawals_sum: String(sum) });
};

/** Verified contracts, newest verification first (memoised). */
const verifiedContracts = (ctx: RestContext): number[] =>
  cachedObject(ctx, 'verified', () =>
    ctx.chain.accounts
      .filter((a) => isVerified(a))
      .map((a) => a.id)
      .reverse(),
  );

/** `/smart-contracts`: verified contracts, newest first; `q` matches name or address; `filter` a language. */
export const smartContracts: EndpointHandler = (ctx, _params, query) => {
  const { chain } = ctx;
  const q = textQuery(query, 'q')?.toLowerCase();
  const language = enumQuery(query, 'filter', ['solidity', 'vyper', 'yul'] as const);
  const smartContractId = integerQuery(query, 'smart_contract_id');
  const itemsCount = integerQuery(query, 'items_count') ?? 0;
  const list = verifiedContracts(ctx).filter((id) => {
    const a = chain.accounts[id]!;
    if (q && !(a.contract!.name.toLowerCase().includes(q) || a.lower.includes(q))) return false;
    return (
      !language ||
      cachedObject(
        ctx,
        `language:${id}`,
        () => (smartContractView(ctx, id) as unknown as { language: string }).language,
      ) === language
    );
  });
  const start = smartContractId === undefined ? 0 : list.findIndex((id) => id < smartContractId);
  const page = start < 0 ? [] : list.slice(start, start + 50);
  const last = page[page.length - 1];
  return pageResponse(
    page.map((id) =>
      cachedJson(ctx, `sclist:${id}`, () => {
        const a = chain.accounts[id]!;
        const detail = smartContractView(ctx, id) as unknown as Record<string, unknown>;
        return {
          address: addressRef(ctx, id),
          compiler_version: detail.compiler_version ?? null,
          optimization_enabled: detail.optimization_enabled ?? null,
          transactions_count: chain.indexes.at(id)!.transactions.length,
          language: detail.language,
          verified_at: detail.verified_at ?? isoTimestamp(chain.blocks.at(0)!.timestamp),
          market_cap: a.contract!.token
            ? marketValue(
                a.contract!.token.exchangeRate ?? '0',
                a.contract!.token.totalSupply,
                a.contract!.token.decimals,
              )
            : null,
          has_constructor_args: detail.constructor_args !== null && detail.constructor_args !== undefined,
          coin_balance: String(a.balance),
          license_type: 'mit',
          certified: false,
          reputation: 'ok',
        };
      }),
    ),
    start >= 0 && start + 50 < list.length && last !== undefined
      ? { smart_contract_id: last, items_count: itemsCount + page.length }
      : null,
  );
};

/** `/smart-contracts/counters`. */
export const smartContractCounters: EndpointHandler = (ctx) => {
  const contracts = ctx.chain.accounts.filter((a) => a.contract && a.contract.creationStatus !== 'failed').length;
  const verified = verifiedContracts(ctx).length;
  return jsonResponse(200, {
    smart_contracts: String(contracts),
    new_smart_contracts_24h: '0',
    verified_smart_contracts: String(verified),
    new_verified_smart_contracts_24h: '0',
  });
};

/** `/main-page/blocks`: the newest four blocks, a bare array. */
export const mainPageBlocks: EndpointHandler = (ctx) => {
  const items: string[] = [];
  for (let h = ctx.chain.headHeight; h >= 0 && items.length < 4; h--)
    items.push(blockJson(ctx, ctx.chain.blocks.at(h)!));
  return { status: 200, body: `[${items.join(',')}]` };
};

/** `/main-page/transactions`: the newest six transactions, a bare array. */
export const mainPageTransactions: EndpointHandler = (ctx) => {
  const items: string[] = [];
  for (let t = ctx.chain.transactions.length - 1; t >= 0 && items.length < 6; t--) items.push(transactionJson(ctx, t));
  return { status: 200, body: `[${items.join(',')}]` };
};

/** `/main-page/indexing-status`: a mock has indexed everything. */
export const indexingStatus: EndpointHandler = () =>
  jsonResponse(200, {
    finished_indexing_blocks: true,
    finished_indexing: true,
    indexed_blocks_ratio: '1.00',
    indexed_internal_transactions_ratio: '1.00',
  });

/** `/config/backend-version`. */
export const backendVersion: EndpointHandler = () =>
  jsonResponse(200, { backend_version: `v11.2.7-explorer-mock.${VERSION}` });

/** Transactions per UTC day, oldest first (memoised). */
const transactionsByDay = (ctx: RestContext): [string, number][] =>
  cachedObject(ctx, 'tx-days', () => {
    const days = new Map<string, number>();
    for (const b of ctx.chain.blocks) {
      const day = isoTimestamp(b.timestamp).slice(0, 10);
      days.set(day, (days.get(day) ?? 0) + b.transactionCount);
    }
    return [...days];
  });

/** `/stats`: the chain's totals and the home page's figures. */
export const stats: EndpointHandler = (ctx) => {
  const { chain } = ctx;
  const head = chain.blocks.at(chain.headHeight)!;
  let gas = 0n;
  for (const b of chain.blocks) gas += BigInt(b.gasUsed);
  const recent = Math.min(50, chain.headHeight);
  let used = 0;
  let limit = 0;
  for (let h = chain.headHeight - recent + 1; h <= chain.headHeight; h++) {
    used += chain.blocks.at(h)!.gasUsed;
    limit += chain.blocks.at(h)!.gasLimit;
  }
  const first = chain.blocks.at(chain.headHeight - recent)!;
  const averageMs = recent > 0 ? ((head.timestamp - first.timestamp) * 1000) / recent : 12_000;
  const gwei = (wei: bigint) => Math.ceil(Number(wei) / 1e7) / 100;
  const base = head.baseFeePerGas;
  const days = transactionsByDay(ctx);
  return jsonResponse(200, {
    total_blocks: String(chain.headHeight + 1),
    total_addresses: String(chain.accounts.length),
    total_transactions: String(chain.transactions.length),
    average_block_time: averageMs,
    coin_image: null,
    coin_price: chain.exchangeRate,
    coin_price_change_percentage: null,
    secondary_coin_image: null,
    secondary_coin_price: null,
    total_gas_used: String(gas),
    transactions_today: String(days[days.length - 1]?.[1] ?? 0),
    gas_used_today: String(head.gasUsed),
    // The oracle's full form, which explorer frontends ask for (`updated-gas-oracle: true`).
    gas_prices: Object.fromEntries(
      (
        [
          ['slow', 10n ** 7n, 36_000],
          ['average', 10n ** 8n, 24_000],
          ['fast', 10n ** 9n, 12_000],
        ] as const
      ).map(([tier, tip, ms]) => [
        tier,
        {
          price: gwei(base + tip),
          time: ms,
          fiat_price: marketValue(chain.exchangeRate, (base + tip) * 21_000n, 18),
          base_fee: gwei(base),
          priority_fee: gwei(tip),
          priority_fee_wei: String(tip),
          wei: String(base + tip),
        },
      ]),
    ),
    gas_prices_update_in: 30_000,
    gas_price_updated_at: isoTimestamp(head.timestamp),
    static_gas_price: null,
    market_cap: marketValue(chain.exchangeRate, chain.totalSupply, 18),
    tvl: null,
    network_utilization_percentage: limit === 0 ? 0 : (used / limit) * 100,
  });
};

/** `/transactions/stats`: the last 24 hours of the chain (before its head block), and the mempool. */
export const transactionStats: EndpointHandler = (ctx) => {
  const { chain } = ctx;
  const since = chain.blocks.at(chain.headHeight)!.timestamp - 86_400;
  let count = 0;
  let fees = 0n;
  for (let h = chain.headHeight; h >= 0 && chain.blocks.at(h)!.timestamp > since; h--) {
    count += chain.blocks.at(h)!.transactionCount;
    fees += chain.blocks.at(h)!.transactionFees;
  }
  return jsonResponse(200, {
    pending_transactions_count: String(ctx.mempool()?.list().length ?? 0),
    transaction_fees_avg_24h: count === 0 ? '0' : String(fees / BigInt(count)),
    transaction_fees_sum_24h: String(fees),
    transactions_count_24h: String(count),
  });
};

/** `/stats/charts/transactions`: transactions per day for the last 31 days of the chain, newest first. */
export const transactionsChart: EndpointHandler = (ctx) =>
  jsonResponse(200, {
    chart_data: transactionsByDay(ctx)
      .slice(-31)
      .reverse()
      .map(([date, count]) => ({ date, transactions_count: count })),
  });

/** `/stats/charts/market`: the coin's price history (one point: the chain's exchange rate). */
export const marketChart: EndpointHandler = (ctx) =>
  jsonResponse(200, {
    available_supply: String(ctx.chain.totalSupply / 10n ** 18n),
    chart_data: [
      {
        date: isoTimestamp(ctx.chain.blocks.at(ctx.chain.headHeight)!.timestamp).slice(0, 10),
        closing_price: ctx.chain.exchangeRate,
        market_cap: marketValue(ctx.chain.exchangeRate, ctx.chain.totalSupply, 18),
      },
    ],
  });
