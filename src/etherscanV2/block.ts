import { blockCountdown } from '../domain/blockCountdown.js';
import { firstBlockAtOrAfter, lastBlockAtOrBefore } from '../domain/blocksByTime.js';
import { type Action, notOk, ok } from './envelope.js';
import { integerOf } from './params.js';

const INVALID_BLOCK = 'Error! Invalid block number';

const getblockreward: Action = (ctx, params) => {
  const n = integerOf(params.get('blockno'));
  if (n === undefined) return notOk(INVALID_BLOCK);
  if (n > ctx.chain.headHeight) return notOk('Error! Block does not exist');
  const block = ctx.chain.blocks.at(n)!;
  const uncleReward = String(block.rewards.find((r) => r.type === 'Uncle Reward')?.amount ?? 0n);
  return ok({
    blockNumber: String(block.height),
    timeStamp: String(block.timestamp),
    blockMiner: ctx.chain.accounts[block.minerId]!.lower,
    blockReward: String(block.rewards.find((r) => r.type === 'Miner Reward')?.amount ?? 0n),
    uncles: block.unclesHashes.map((hash, position) => ({
      miner: ctx.chain.accounts[ctx.chain.blockByHash.get(hash)!.minerId]!.lower,
      unclePosition: String(position),
      blockreward: uncleReward,
    })),
    uncleInclusionReward: '0',
  });
};

const getblockcountdown: Action = (ctx, params) => {
  const n = integerOf(params.get('blockno'));
  if (n === undefined) return notOk(INVALID_BLOCK);
  const countdown = blockCountdown(ctx.facts, n);
  if (!countdown) return notOk('Error! Block number already pass');
  return ok({
    CurrentBlock: String(countdown.current),
    CountdownBlock: String(n),
    RemainingBlock: String(countdown.remaining),
    EstimateTimeInSec: countdown.estimatedSeconds.toFixed(1),
  });
};

/** `getblocknobytime`: the last block at or before the time (`closest=before`), or the first at or after it (`after`). */
const getblocknobytime: Action = (ctx, params) => {
  const timestamp = integerOf(params.get('timestamp'));
  if (timestamp === undefined) return notOk('Error! Invalid timestamp');
  const closest = params.get('closest')?.trim().toLowerCase() ?? 'before';
  if (closest !== 'before' && closest !== 'after') return notOk('Error! Invalid closest value');
  const height =
    closest === 'before' ? lastBlockAtOrBefore(ctx.chain, timestamp) : firstBlockAtOrAfter(ctx.chain, timestamp);
  return height === undefined ? notOk('Error! No closest block found') : ok(String(height));
};

export const blockActions: Readonly<Record<string, Action>> = {
  getblockreward,
  getblockcountdown,
  getblocknobytime,
};
