import { coinSupply } from '../domain/amounts.js';
import { dayStatsOf } from '../domain/dailyStats.js';
import { totalSupplyAt } from '../domain/tokenState.js';
import { type Action, type EtherscanContext, fail, ok } from './envelope.js';
import { addressOf } from './params.js';

/** `units / 10^decimals` rounded half up to 9 decimal places, written with all 9. */
function roundedTo9(units: bigint, decimals: number): string {
  const scaled =
    decimals >= 9
      ? (units * 10n + 5n * 10n ** BigInt(decimals - 9)) / (10n * 10n ** BigInt(decimals - 9))
      : units * 10n ** BigInt(9 - decimals);
  const text = scaled.toString().padStart(10, '0');
  return `${text.slice(0, -9)}.${text.slice(-9)}`;
}

/** The coin's price, as `ethprice` and `coinprice` give it: in USD (no BTC rate), stamped with the head's time. */
function price(ctx: EtherscanContext, keys: readonly [string, string, string, string]) {
  const at = String(ctx.chain.blocks.at(ctx.chain.headHeight)!.timestamp);
  const [btc, btcTime, usd, usdTime] = keys;
  return ok({ [btc]: null, [btcTime]: null, [usd]: ctx.chain.exchangeRate, [usdTime]: at });
}

const tokensupply: Action = (ctx, params) => {
  const raw = params.get('contractaddress');
  if (raw === undefined) return fail('Query parameter contract address is required');
  const address = addressOf(raw);
  if (!address) return fail('Invalid contract address format');
  const id = ctx.chain.accountByHash.get(address);
  const token = id === undefined ? undefined : ctx.chain.accounts[id]!.contract?.token;
  if (!token) return fail('Contract address not found');
  const supply = totalSupplyAt(ctx.facts, id!, ctx.chain.headHeight);
  // In whole tokens, rounded half up to 9 places (Elixir's Decimal.round(9) keeps the 9 places).
  if (params.get('cmc') === 'true')
    return { status: 200, body: roundedTo9(supply, token.decimals), contentType: 'text/plain; charset=utf-8' };
  return ok(String(supply));
};

/** The fees of one UTC day, in wei, from the daily fold the stats service charts (null: a day the chain has no block of). */
function feesOfDay(ctx: EtherscanContext, day: string): bigint | null {
  const stats = dayStatsOf(ctx.facts, day);
  return stats && stats.blocks > 0 ? stats.fees : null;
}

const totalfees: Action = (ctx, params) => {
  const date = params.get('date');
  if (date === undefined) return fail('Required date input is missing.');
  const parsed = Date.parse(`${date}T00:00:00Z`);
  // A real day: 2024-02-30 does not come back as itself.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(parsed) || new Date(parsed).toISOString().slice(0, 10) !== date)
    return fail('An incorrect input date provided. It should be in ISO 8601 format (yyyy-mm-dd).');
  const fees = feesOfDay(ctx, date);
  return ok(fees === null ? null : String(fees));
};

export const statsActions: Readonly<Record<string, Action>> = {
  ethsupply: (ctx) => ok(String(ctx.chain.totalSupply)),
  ethsupplyexchange: (ctx) => ok(String(ctx.chain.totalSupply)),
  coinsupply: (ctx) => ok(coinSupply(ctx.chain.totalSupply - ctx.chain.accounts[ctx.chain.zeroId]!.balance)),
  ethprice: (ctx) => price(ctx, ['ethbtc', 'ethbtc_timestamp', 'ethusd', 'ethusd_timestamp']),
  coinprice: (ctx) => price(ctx, ['coin_btc', 'coin_btc_timestamp', 'coin_usd', 'coin_usd_timestamp']),
  tokensupply,
  totalfees,
};
