import { ETHER } from '../../generators/ledger/blockContext.js';
import { utcDay } from '../domain/chainStats.js';
import { totalSupplyAt } from '../domain/tokenState.js';
import { type Action, type EtherscanContext, fail, ok } from './envelope.js';
import { addressOf } from './params.js';

/** A decimal with no trailing zeros, as Elixir's `Decimal.to_string(:normal)` writes it. */
const decimalText = (wei: bigint, decimals: bigint) => {
  const whole = wei / decimals;
  const fraction = (wei % decimals)
    .toString()
    .padStart(decimals.toString().length - 1, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
};

/** The coin's price, as `ethprice` and `coinprice` give it: in USD (no BTC rate), stamped with the head's time. */
function price(ctx: EtherscanContext, keys: readonly [string, string, string, string]) {
  const at = String(ctx.chain.blocks.at(ctx.chain.headHeight)!.timestamp);
  const [btc, btcTime, usd, usdTime] = keys;
  return ok({ [btc]: null, [btcTime]: null, [usd]: ctx.chain.exchangeRate, [usdTime]: at });
}

const tokensupply: Action = (ctx, params) => {
  const raw = params.get('contractaddress');
  if (raw === undefined || raw === '') return fail('Query parameter contract address is required');
  const address = addressOf(raw);
  if (!address) return fail('Invalid contract address format');
  const id = ctx.chain.accountByHash.get(address);
  const token = id === undefined ? undefined : ctx.chain.accounts[id]!.contract?.token;
  if (!token) return fail('Contract address not found');
  const supply = totalSupplyAt(ctx.facts, id!, ctx.chain.headHeight);
  if (params.get('cmc') === 'true')
    return {
      status: 200,
      body: decimalText(supply, 10n ** BigInt(token.decimals)),
      contentType: 'text/plain; charset=utf-8',
    };
  return ok(String(supply));
};

/** The fees of one UTC day, in wei (null: a day the chain has no block of). */
function feesOfDay(ctx: EtherscanContext, day: string): bigint | null {
  let fees: bigint | null = null;
  for (let h = 0; h <= ctx.chain.headHeight; h++) {
    const block = ctx.chain.blocks.at(h)!;
    if (utcDay(block.timestamp) !== day) continue;
    fees = (fees ?? 0n) + block.transactionFees;
  }
  return fees;
}

const totalfees: Action = (ctx, params) => {
  const date = params.get('date');
  if (date === undefined || date === '') return fail('Required date input is missing.');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
    return fail('An incorrect input date provided. It should be in ISO 8601 format (yyyy-mm-dd).');
  const fees = feesOfDay(ctx, date);
  return ok(fees === null ? null : String(fees));
};

export const statsActions: Readonly<Record<string, Action>> = {
  ethsupply: (ctx) => ok(String(ctx.chain.totalSupply)),
  ethsupplyexchange: (ctx) => ok(String(ctx.chain.totalSupply)),
  coinsupply: (ctx) => ok(decimalText(ctx.chain.totalSupply - ctx.chain.accounts[ctx.chain.zeroId]!.balance, ETHER)),
  ethprice: (ctx) => price(ctx, ['ethbtc', 'ethbtc_timestamp', 'ethusd', 'ethusd_timestamp']),
  coinprice: (ctx) => price(ctx, ['coin_btc', 'coin_btc_timestamp', 'coin_usd', 'coin_usd_timestamp']),
  tokensupply,
  totalfees,
};
