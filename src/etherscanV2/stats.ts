import { COIN_DECIMALS, unitsToDecimal } from '../domain/amounts.js';
import { utcDay } from '../domain/chainStats.js';
import { coinPriceHistory } from '../domain/coinPrices.js';
import { type DayStats, dailyStats } from '../domain/dailyStats.js';
import { supplyParts } from '../domain/supplyParts.js';
import { type Action, type EtherscanV2Context, notOk, ok, type Params } from './envelope.js';
import { tokenSupplyActions } from './token.js';

const eth = (wei: bigint) => unitsToDecimal(wei, COIN_DECIMALS);
const unixOf = (day: string) => String(Date.parse(`${day}T00:00:00Z`) / 1000);

/**
 * The supply's parts as Etherscan names them: `EthSupply` (issued: the coin that exists with the
 * burnt fees back and the staking withdrawals out), `Eth2Staking` (paid out by withdrawals),
 * `BurntFees`, `WithdrawnTotal`; `EthSupply + Eth2Staking − BurntFees` is every balance summed.
 */
function supply(ctx: EtherscanV2Context) {
  const { burntFees, withdrawn } = supplyParts(ctx.facts);
  return {
    EthSupply: String(ctx.chain.totalSupply + burntFees - withdrawn),
    Eth2Staking: String(withdrawn),
    BurntFees: String(burntFees),
    WithdrawnTotal: String(withdrawn),
  };
}

/** A `YYYY-MM-DD` parameter that names a real day, or undefined. */
function dayParam(params: Params, name: string): string | undefined {
  const text = params.get(name)?.trim();
  if (text === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const time = Date.parse(`${text}T00:00:00Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== text ? undefined : text;
}

/** The chain's days between `startdate` and `enddate` (both required), in the order asked (`sort`, default asc), or the refusal. */
function daysAsked<T extends { readonly day: string }>(days: readonly T[], params: Params): T[] | string {
  const start = dayParam(params, 'startdate');
  if (start === undefined) return 'Error! Missing Or invalid startdate';
  const end = dayParam(params, 'enddate');
  if (end === undefined) return 'Error! Missing Or invalid enddate';
  const kept = days.filter((d) => d.day >= start && d.day <= end);
  return params.get('sort')?.trim().toLowerCase() === 'desc' ? kept.reverse() : kept;
}

/** A daily series from the domain's days: each day's date, its unix time, and the series' own fields. */
const daily =
  (fields: (day: DayStats) => Record<string, string>): Action =>
  (ctx, params) => {
    const days = daysAsked(dailyStats(ctx.facts), params);
    if (typeof days === 'string') return notOk(days);
    return ok(days.map((d) => ({ UTCDate: d.day, unixTimeStamp: unixOf(d.day), ...fields(d) })));
  };

const average = (sum: bigint, count: number) => String(count ? sum / BigInt(count) : 0n);

/** `chainsize`: the chain's size in bytes at the end of each day (its blocks' sizes summed), and the day's last block. */
const chainsize: Action = (ctx, params) => {
  let bytes = 0n;
  let blocks = 0;
  const all = dailyStats(ctx.facts).map((d) => {
    bytes += d.blockSize;
    blocks += d.blocks;
    return { day: d.day, bytes, last: blocks - 1 };
  });
  const days = daysAsked(all, params);
  if (typeof days === 'string') return notOk(days);
  return ok(
    days.map((d) => ({
      blockNumber: String(d.last),
      chainTimeStamp: d.day,
      chainSize: String(d.bytes),
      clientType: params.get('clienttype') ?? 'Geth',
      syncMode: params.get('syncmode') ?? 'Default',
    })),
  );
};

export const statsActions: Readonly<Record<string, Action>> = {
  ...tokenSupplyActions,
  ethsupply: (ctx) => ok(supply(ctx).EthSupply),
  ethsupply2: (ctx) => ok(supply(ctx)),
  ethprice: (ctx) => {
    const at = String(ctx.chain.blocks.at(ctx.chain.headHeight)!.timestamp);
    return ok({ ethbtc: '', ethbtc_timestamp: at, ethusd: ctx.chain.exchangeRate, ethusd_timestamp: at });
  },
  chainsize,
  nodecount: (ctx) =>
    ok({ UTCDate: utcDay(ctx.chain.blocks.at(ctx.chain.headHeight)!.timestamp), TotalNodeCount: '1' }),
  dailytx: daily((d) => ({ transactionCount: String(d.transactions) })),
  dailytxnfee: daily((d) => ({ transactionFee_Eth: eth(d.fees) })),
  dailyblkcount: daily((d) => ({ blockCount: String(d.blocks), blockRewards_Eth: eth(d.rewardSum) })),
  dailyblockrewards: daily((d) => ({ blockRewards_Eth: eth(d.rewardSum) })),
  dailyavgblocksize: daily((d) => ({ blockSize_bytes: average(d.blockSize, d.blocks) })),
  dailyavggaslimit: daily((d) => ({ gasLimit: average(d.gasLimit, d.blocks) })),
  dailygasused: daily((d) => ({ gasUsed: String(d.gasUsed) })),
  dailynetutilization: daily((d) => ({
    networkUtilization: (d.gasLimit === 0n ? 0 : Number(d.gasUsed) / Number(d.gasLimit)).toFixed(4),
  })),
  ethdailyprice: (ctx, params) => {
    const days = daysAsked(coinPriceHistory(ctx.facts), params);
    if (typeof days === 'string') return notOk(days);
    return ok(days.map((d) => ({ UTCDate: d.day, unixTimeStamp: unixOf(d.day), value: d.closing })));
  },
};
