import { type Action, type EtherscanV2Answer, type EtherscanV2Context, notOk, ok, type Params } from './envelope.js';
import { hashOf } from './params.js';

/** The `txhash` parameter's transaction (undefined: the chain never mined it), or Etherscan's refusal. */
function transactionOf(ctx: EtherscanV2Context, params: Params): { index: number | undefined } | EtherscanV2Answer {
  const hash = hashOf(params.get('txhash'));
  if (!hash) return notOk('Error! Invalid txhash format');
  return { index: ctx.chain.transactionByHash.get(hash) };
}

/** `getstatus`: whether the execution failed, and why (the revert reason, else `execution reverted`). */
const getstatus: Action = (ctx, params) => {
  const found = transactionOf(ctx, params);
  if ('status' in found) return found;
  const t = found.index === undefined ? undefined : ctx.chain.transactions.at(found.index)!;
  return t === undefined || t.status === 'ok'
    ? ok({ isError: '0', errDescription: '' })
    : ok({ isError: '1', errDescription: t.revertReason ?? 'execution reverted' });
};

/** `gettxreceiptstatus`: the receipt's status, `1` or `0`; empty for a transaction the chain never mined. */
const gettxreceiptstatus: Action = (ctx, params) => {
  const found = transactionOf(ctx, params);
  if ('status' in found) return found;
  const t = found.index === undefined ? undefined : ctx.chain.transactions.at(found.index)!;
  return ok({ status: t === undefined ? '' : t.status === 'ok' ? '1' : '0' });
};

export const transactionActions: Readonly<Record<string, Action>> = { getstatus, gettxreceiptstatus };
