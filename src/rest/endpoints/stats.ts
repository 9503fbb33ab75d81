import { marketValue } from '../../domain/amounts.js';
import { chainTotals, GAS_PRICE_TIERS, lastDay, transactionsByDay } from '../../domain/chainStats.js';
import { coinPriceHistory } from '../../domain/coinPrices.js';
import { isoTimestamp } from '../../views/isoTimestamp.js';
import type { EndpointHandler } from '../endpoint.js';
import { jsonResponse } from '../response.js';

const gwei = (wei: bigint) => Math.ceil(Number(wei) / 1e7) / 100;

/** `/stats`: the chain's totals and the home page's figures. */
export const stats: EndpointHandler = (ctx) => {
  const { chain } = ctx;
  const head = chain.blocks.at(chain.headHeight)!;
  const totals = chainTotals(ctx.facts);
  const base = head.baseFeePerGas;
  const days = transactionsByDay(ctx.facts);
  return jsonResponse(200, {
    total_blocks: String(chain.headHeight + 1),
    total_addresses: String(chain.accounts.length),
    total_transactions: String(chain.transactions.length),
    average_block_time: totals.averageBlockTimeMs,
    coin_image: null,
    coin_price: chain.exchangeRate,
    coin_price_change_percentage: null,
    secondary_coin_image: null,
    secondary_coin_price: null,
    total_gas_used: String(totals.totalGasUsed),
    transactions_today: String(days[days.length - 1]?.[1] ?? 0),
    gas_used_today: String(head.gasUsed),
    // The oracle's full form, which explorer frontends ask for (`updated-gas-oracle: true`).
    gas_prices: Object.fromEntries(
      GAS_PRICE_TIERS.map((tier) => [
        tier.name,
        {
          price: gwei(base + tier.priorityFee),
          time: tier.waitMs,
          fiat_price: marketValue(chain.exchangeRate, (base + tier.priorityFee) * 21_000n, 18),
          base_fee: gwei(base),
          priority_fee: gwei(tier.priorityFee),
          priority_fee_wei: String(tier.priorityFee),
          wei: String(base + tier.priorityFee),
        },
      ]),
    ),
    gas_prices_update_in: 30_000,
    gas_price_updated_at: isoTimestamp(head.timestamp),
    static_gas_price: null,
    market_cap: marketValue(chain.exchangeRate, chain.totalSupply, 18),
    tvl: null,
    network_utilization_percentage: totals.networkUtilizationPercentage,
  });
};

/** `/transactions/stats`: the last 24 hours of the chain (before its head block), and the mempool. */
export const transactionStats: EndpointHandler = (ctx) => {
  const day = lastDay(ctx.facts);
  return jsonResponse(200, {
    pending_transactions_count: String(ctx.mempool()?.list().length ?? 0),
    transaction_fees_avg_24h: day.transactions === 0 ? '0' : String(day.fees / BigInt(day.transactions)),
    transaction_fees_sum_24h: String(day.fees),
    transactions_count_24h: String(day.transactions),
  });
};

/** `/stats/charts/transactions`: transactions per day for the last 31 days of the chain, newest first. */
export const transactionsChart: EndpointHandler = (ctx) =>
  jsonResponse(200, {
    chart_data: transactionsByDay(ctx.facts)
      .slice(-31)
      .reverse()
      .map(([date, count]) => ({ date, transactions_count: count })),
  });

/** `/stats/charts/market`: the coin's market history, newest first (one day: the head's, at the chain's exchange rate). */
export const marketChart: EndpointHandler = (ctx) =>
  jsonResponse(200, {
    available_supply: String(ctx.chain.totalSupply / 10n ** 18n),
    chart_data: [...coinPriceHistory(ctx.facts)].reverse().map((day) => ({
      date: day.day,
      closing_price: day.closing,
      market_cap: marketValue(day.closing, ctx.chain.totalSupply, 18),
    })),
  });

/**
 * `/stats/charts/secondary-coin-market`: the history of a chain's second coin
 * (`Market.fetch_recent_history(true)`); a plain chain has none, so its chart is empty.
 */
export const secondaryCoinMarketChart: EndpointHandler = () => jsonResponse(200, { chart_data: [] });
