import { confirmationsOf } from '../domain/chainStats.js';
import { logsOfTransaction } from '../chain/logs.js';
import { NONE } from '../chain/types.js';
import { droppedTransactions } from '../domain/replacements.js';
import { encodedLogOf, logEventOf } from '../domain/logs.js';
import { inputOf } from '../domain/transactions.js';
import { type Action, type EtherscanContext, fail, ok, type Params, sorted } from './envelope.js';
import { hashOf } from './params.js';

/** The `txhash` parameter's transaction: its index, or the explorer's error. */
function transactionOf(
  ctx: EtherscanContext,
  params: Params,
): { hash: string; index: number | undefined } | ReturnType<typeof fail> {
  const raw = params.get('txhash');
  if (raw === undefined) return fail('Query parameter txhash is required');
  const hash = hashOf(raw);
  if (!hash) return fail('Invalid txhash format');
  return { hash, index: ctx.chain.transactionByHash.get(hash) };
}

const gettxinfo: Action = (ctx, params) => {
  const found = transactionOf(ctx, params);
  if ('status' in found) return found;
  if (found.index === undefined) return fail('Transaction not found');
  const t = ctx.chain.transactions.at(found.index)!;
  const block = ctx.chain.blocks.at(t.block)!;
  return ok(
    sorted({
      hash: t.hash,
      timeStamp: String(block.timestamp),
      blockNumber: String(t.block),
      confirmations: String(confirmationsOf(ctx.chain, t.block, 'etherscan')),
      success: t.status === 'ok',
      from: ctx.chain.accounts[t.fromId]!.lower,
      to: t.toId === NONE ? '' : ctx.chain.accounts[t.toId]!.lower,
      value: String(t.value),
      input: inputOf(ctx.facts, found.index),
      gasLimit: String(t.gasLimit),
      gasUsed: String(t.gasUsed),
      gasPrice: String(t.gasPrice),
      logs: logsOfTransaction(t)
        .slice(0, 50)
        .map((ref) => {
          const log = encodedLogOf(ctx.facts, ref);
          const event = logEventOf(ctx.facts, ref);
          return {
            address: ctx.chain.accounts[event.emitterId]!.lower,
            topics: log.topics,
            data: log.data,
            index: String(event.index),
          };
        }),
      revertReason: t.revertReason ?? '',
      next_page_params: null,
    }),
  );
};

const gettxreceiptstatus: Action = (ctx, params) => {
  const found = transactionOf(ctx, params);
  if ('status' in found) return found;
  const t = found.index === undefined ? undefined : ctx.chain.transactions.at(found.index)!;
  return ok({ status: t === undefined ? '' : t.status === 'ok' ? '1' : '0' });
};

const getstatus: Action = (ctx, params) => {
  const found = transactionOf(ctx, params);
  if ('status' in found) return found;
  if (found.index === undefined)
    return droppedTransactions(ctx.facts).has(found.hash)
      ? ok({ errDescription: 'dropped/replaced', isError: '1' })
      : ok({ errDescription: '', isError: '0' });
  const t = ctx.chain.transactions.at(found.index)!;
  return t.status === 'ok'
    ? ok({ errDescription: '', isError: '0' })
    : ok({ errDescription: t.revertReason === 'out of gas' ? 'out of gas' : 'execution reverted', isError: '1' });
};

export const transactionActions: Readonly<Record<string, Action>> = { gettxinfo, gettxreceiptstatus, getstatus };
