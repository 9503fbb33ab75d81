import { blockBoundOf } from '../domain/blocksByTime.js';
import { blockCountdown } from '../domain/blockCountdown.js';
import { elixirFloat } from '../domain/elixirFloat.js';
import { type Action, type EtherscanAnswer, fail, ok, sorted } from './envelope.js';
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

const getblocknobytime: Action = (ctx, params) => {
  const rawTime = params.get('timestamp');
  if (rawTime === undefined) return fail(required('timestamp'));
  const rawClosest = params.get('closest');
  if (rawClosest === undefined) return fail(required('closest'));
  const timestamp = integerOf(rawTime);
  if (timestamp === undefined || timestamp < 0) return fail('Invalid `timestamp` param');
  if (rawClosest !== 'before' && rawClosest !== 'after') return fail('Invalid `closest` param');
  // The explorer's non-strict timestamp_to_block_number: past the head, the height after it.
  const height = blockBoundOf(ctx.chain, { seconds: timestamp, fraction: false }, rawClosest);
  if (height < 0) return fail('Block does not exist');
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
