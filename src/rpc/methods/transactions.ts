import { blockArg } from '../blockParam.js';
import type { RpcContext } from '../context.js';
import { rpcPendingTransaction, rpcReceiptJson, rpcTransactionJson } from '../formats.js';
import { arity, RawJson, type RpcMethod } from '../method.js';
import { hashArg, quantityArg } from '../quantity.js';

/** A transaction waiting in the mempool, as `eth_getTransactionByHash` finds it. */
function pendingTransaction(ctx: RpcContext, hash: string): RawJson | null {
  const pending = ctx.mempool()?.find(hash);
  const found = pending && rpcPendingTransaction(ctx, pending);
  return found ? new RawJson(JSON.stringify(found)) : null;
}

function byBlockAndIndex(ctx: RpcContext, height: number | undefined, index: unknown): RawJson | null {
  const position = quantityArg(index, 1);
  const block = height === undefined ? undefined : ctx.chain.blocks.at(height);
  if (!block || position >= block.transactionCount) return null;
  return new RawJson(rpcTransactionJson(ctx, block.transactionStart + position));
}

export const transactionMethods: Record<string, RpcMethod> = {
  eth_getTransactionByHash(ctx, params) {
    arity(params, 1, 1);
    const hash = hashArg(params[0], 0);
    const index = ctx.chain.transactionByHash.get(hash);
    return index === undefined ? pendingTransaction(ctx, hash) : new RawJson(rpcTransactionJson(ctx, index));
  },
  eth_getTransactionReceipt(ctx, params) {
    arity(params, 1, 1);
    const index = ctx.chain.transactionByHash.get(hashArg(params[0], 0));
    return index === undefined ? null : new RawJson(rpcReceiptJson(ctx, index));
  },
  eth_getTransactionByBlockNumberAndIndex(ctx, params) {
    arity(params, 2, 2);
    const ref = blockArg(ctx, params[0], 0);
    if (!('pending' in ref)) return byBlockAndIndex(ctx, ref.height, params[1]);
    // The pending block's transaction at that position, in its pending form.
    const position = quantityArg(params[1], 1);
    const mempool = ctx.mempool();
    const block = mempool?.ahead.blocks.at(mempool.ahead.headHeight);
    if (!mempool || !block || position >= block.transactionCount) return null;
    const pending = mempool.list().find((p) => !p.competitor && p.index === block.transactionStart + position);
    const found = pending && rpcPendingTransaction(ctx, pending);
    return found ? new RawJson(JSON.stringify(found)) : null;
  },
  eth_getTransactionByBlockHashAndIndex(ctx, params) {
    arity(params, 2, 2);
    const block = ctx.chain.blockByHash.get(hashArg(params[0], 0));
    return byBlockAndIndex(ctx, block?.type === 'block' ? block.height : undefined, params[1]);
  },
};
