import { blockCountdown } from '../domain/blockCountdown.js';
import { elixirFloat } from '../domain/elixirFloat.js';
import { type Action, type EtherscanAnswer, type EtherscanContext, fail, ok, sorted } from './envelope.js';
import { integerOf } from './params.js';

const required = (name: string) => `Query parameter '${name}' is required`;

/** A block number parameter, or the explorer's error for it. */
function blockNumber(value: string | undefined): number | EtherscanAnswer {
  if (value === undefined) return fail(required('blockno'));
  const n = integerOf(value);
  return n === undefined || n < 0 ? fail('Invalid block number') : n;
}

const getblockreward: Action = (ctx, params) => {
  const n = blockNumber(params.get('blockno'));
  if (typeof n !== 'number') return n;
  const block = n <= ctx.chain.headHeight ? ctx.chain.blocks.at(n) : undefined;
  if (!block) return fail('Block does not exist');
  const reward = block.rewards.find((r) => r.type === 'Miner Reward')?.amount ?? 0n;
  const uncles = block.unclesHashes.map((hash, position) => {
    const uncle = ctx.chain.blockByHash.get(hash)!;
    const uncleReward = block.rewards.find((r) => r.type === 'Uncle Reward')?.amount ?? 0n;
    return sorted({
      blockreward: String(uncleReward),
      miner: ctx.chain.accounts[uncle.minerId]!.lower,
      unclePosition: String(position),
    });
  });
  return ok(
    sorted({
      blockNumber: String(block.height),
      timeStamp: block.timestamp,
      blockMiner: ctx.chain.accounts[block.minerId]!.lower,
      blockReward: String(reward),
      uncles,
      uncleInclusionReward: '0',
    }),
  );
};

const getblockcountdown: Action = (ctx, params) => {
  const n = blockNumber(params.get('blockno'));
  if (typeof n !== 'number') return n;
  const countdown = blockCountdown(ctx.facts, n);
  if (!countdown) return fail('Error! Block number already pass');
  return ok(
    sorted({
      CurrentBlock: String(countdown.current),
      CountdownBlock: String(n),
      RemainingBlock: String(countdown.remaining),
      EstimateTimeInSec: elixirFloat(countdown.estimatedSeconds),
    }),
  );
};

/** The block nearest a time, as the explorer picks it, then moved to the side `closest` asks for. */
function blockByTime(ctx: EtherscanContext, timestamp: number, closest: 'before' | 'after'): number | undefined {
  const { chain } = ctx;
  let lo = 0;
  let hi = chain.headHeight;
  // The last block at or before the time (highest on ties).
  let before: number | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (chain.blocks.at(mid)!.timestamp <= timestamp) {
      before = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  // The first at or after it (lowest on ties).
  let after: number | undefined;
  if (before !== undefined && chain.blocks.at(before)!.timestamp === timestamp) {
    let first = before;
    while (first > 0 && chain.blocks.at(first - 1)!.timestamp === timestamp) first--;
    after = first;
  } else after = before === undefined ? 0 : before + 1 <= chain.headHeight ? before + 1 : undefined;
  const distance = (h: number | undefined) =>
    h === undefined ? Infinity : Math.abs(chain.blocks.at(h)!.timestamp - timestamp);
  const nearest = distance(before) <= distance(after) ? before : after;
  if (nearest === undefined) return undefined;
  const time = chain.blocks.at(nearest)!.timestamp;
  if (closest === 'before' && time > timestamp) return nearest - 1;
  if (closest === 'after' && time < timestamp) return nearest + 1;
  return nearest;
}

const getblocknobytime: Action = (ctx, params) => {
  const rawTime = params.get('timestamp');
  if (rawTime === undefined) return fail(required('timestamp'));
  const rawClosest = params.get('closest');
  if (rawClosest === undefined) return fail(required('closest'));
  const timestamp = integerOf(rawTime);
  if (timestamp === undefined || timestamp < 0) return fail('Invalid `timestamp` param');
  if (rawClosest !== 'before' && rawClosest !== 'after') return fail('Invalid `closest` param');
  const height = blockByTime(ctx, timestamp, rawClosest);
  if (height === undefined || height < 0) return fail('Block does not exist');
  return ok({ blockNumber: String(height) });
};

/** `eth_block_number`: a JSON-RPC answer, written as the explorer writes it (spaces and a newline included). */
const ethBlockNumber: Action = (ctx, params) => {
  const id = params.get('id');
  return {
    status: 200,
    body: `{"jsonrpc":"2.0","result": "0x${ctx.chain.headHeight.toString(16)}","id": ${id === undefined ? '1' : JSON.stringify(id)}}\n`,
  };
};

export const blockActions: Readonly<Record<string, Action>> = {
  getblockreward,
  getblockcountdown,
  getblocknobytime,
  eth_block_number: ethBlockNumber,
};
