import { accountAt, listRequest } from './accountParams.js';
import { type Action, type EtherscanV2Context, listed, noneFound } from './envelope.js';
import { pageOfRows } from './lists.js';
import { TEXTS } from './texts.js';

const getminedblocks: Action = (ctx, params) => {
  const request = listRequest(ctx, params);
  if ('error' in request) return request.error;
  const { o, address } = request;
  const id = accountAt(ctx, address);
  if (id === undefined) return noneFound(TEXTS.noTransactions);
  const uncles = params.get('blocktype')?.trim().toLowerCase() === 'uncles';
  const items: { blockNumber: string; timeStamp: string; blockReward: string }[] = [];
  if (!uncles) {
    for (const h of Array.from(ctx.chain.indexes.at(id)!.minedBlocks).reverse()) {
      const block = ctx.chain.blocks.at(h)!;
      const reward = block.rewards.find((r) => r.type === 'Miner Reward')?.amount ?? 0n;
      items.push({ blockNumber: String(h), timeStamp: String(block.timestamp), blockReward: String(reward) });
    }
  } else {
    for (let u = ctx.chain.uncles.length - 1; u >= 0; u--) {
      const uncle = ctx.chain.uncles.at(u)!;
      if (uncle.minerId !== id) continue;
      items.push({
        blockNumber: String(uncle.height),
        timeStamp: String(uncle.timestamp),
        blockReward: uncleReward(ctx, uncle.hash),
      });
    }
  }
  return listed(items.slice((o.page - 1) * o.offset, o.page * o.offset));
};

/** The reward the block that took an uncle in paid for it (a nephew is at most a few blocks above). */
function uncleReward(ctx: EtherscanV2Context, hash: string): string {
  const uncle = ctx.chain.blockByHash.get(hash)!;
  for (let h = uncle.height + 1; h <= Math.min(uncle.height + 8, ctx.chain.headHeight); h++) {
    const nephew = ctx.chain.blocks.at(h)!;
    if (nephew.unclesHashes.includes(uncle.hash))
      return String(nephew.rewards.find((r) => r.type === 'Uncle Reward')?.amount ?? 0n);
  }
  return '0';
}

const GWEI = 10n ** 9n;

const txsBeaconWithdrawal: Action = (ctx, params) => {
  const request = listRequest(ctx, params);
  if ('error' in request) return request.error;
  const id = accountAt(ctx, request.address);
  if (id === undefined) return noneFound(TEXTS.noTransactions);
  const rows = ctx.chain.indexes.at(id)!.withdrawals;
  const page = pageOfRows(ctx, rows, (w) => ctx.chain.withdrawals.at(w)!.block, request.o);
  return listed(
    page.map((w) => {
      const withdrawal = ctx.chain.withdrawals.at(w)!;
      return {
        withdrawalIndex: String(withdrawal.index),
        validatorIndex: String(withdrawal.validatorIndex),
        address: request.address,
        amount: String(withdrawal.amount / GWEI),
        blockNumber: String(withdrawal.block),
        timestamp: String(ctx.chain.blocks.at(withdrawal.block)!.timestamp),
      };
    }),
  );
};

export const accountBlockActions: Readonly<Record<string, Action>> = {
  getminedblocks,
  txsbeaconwithdrawal: txsBeaconWithdrawal,
};
