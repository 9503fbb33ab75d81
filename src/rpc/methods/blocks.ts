import type { Block } from '../../chain/types.js';
import { blockArg } from '../blockParam.js';
import { pendingContext, type RpcContext } from '../context.js';
import { rpcBlockJson, rpcReceiptJson, rpcUncleJson } from '../formats.js';
import { arity, RawJson, type RpcMethod } from '../method.js';
import { boolArg, hashArg, quantity, quantityArg } from '../quantity.js';

/** The block a number or tag names (the pending one in its chain's context), or undefined past the head. */
function byNumber(ctx: RpcContext, value: unknown): { ctx: RpcContext; block: Block; pending: boolean } | undefined {
  const ref = blockArg(ctx, value, 0);
  if ('pending' in ref) {
    const ahead = pendingContext(ctx);
    return ahead
      ? { ctx: ahead, block: ahead.chain.blocks.at(ahead.chain.headHeight)!, pending: true }
      : { ctx, block: ctx.chain.blocks.at(ctx.chain.headHeight)!, pending: false };
  }
  const block = ctx.chain.blocks.at(ref.height);
  return block && { ctx, block, pending: false };
}

/** A block by hash: a consensus block, or a side-chain one (an uncle, a reorged block), as geth keeps those too. */
const byHash = (ctx: RpcContext, value: unknown): Block | undefined => ctx.chain.blockByHash.get(hashArg(value, 0));

/** The pending block as geth shows it: no hash, nonce or miner yet. */
const pendingForm = (json: string) =>
  new RawJson(JSON.stringify({ ...(JSON.parse(json) as object), hash: null, miner: null, nonce: null }));

const transactionCount = (block: Block | undefined) => (block ? quantity(block.transactionCount) : null);

function uncleOf(ctx: RpcContext, block: Block | undefined, index: unknown): RawJson | null {
  const i = quantityArg(index, 1);
  const hash = block?.unclesHashes[i];
  const uncle = hash === undefined ? undefined : ctx.chain.blockByHash.get(hash);
  return uncle ? new RawJson(rpcUncleJson(ctx, uncle)) : null;
}

export const blockMethods: Record<string, RpcMethod> = {
  eth_getBlockByNumber(ctx, params) {
    arity(params, 2, 2);
    const full = boolArg(params[1], 1);
    const found = byNumber(ctx, params[0]);
    if (!found) return null;
    const json = rpcBlockJson(found.ctx, found.block, full);
    return found.pending ? pendingForm(json) : new RawJson(json);
  },
  eth_getBlockByHash(ctx, params) {
    arity(params, 2, 2);
    const full = boolArg(params[1], 1);
    const block = byHash(ctx, params[0]);
    return block ? new RawJson(rpcBlockJson(ctx, block, full)) : null;
  },
  eth_getBlockTransactionCountByNumber: (ctx, params) => (
    arity(params, 1, 1), transactionCount(byNumber(ctx, params[0])?.block)
  ),
  eth_getBlockTransactionCountByHash: (ctx, params) => (arity(params, 1, 1), transactionCount(byHash(ctx, params[0]))),
  eth_getUncleCountByBlockNumber(ctx, params) {
    arity(params, 1, 1);
    const block = byNumber(ctx, params[0])?.block;
    return block ? quantity(block.unclesHashes.length) : null;
  },
  eth_getUncleCountByBlockHash(ctx, params) {
    arity(params, 1, 1);
    const block = byHash(ctx, params[0]);
    return block ? quantity(block.unclesHashes.length) : null;
  },
  eth_getUncleByBlockNumberAndIndex: (ctx, params) => (
    arity(params, 2, 2), uncleOf(ctx, byNumber(ctx, params[0])?.block, params[1])
  ),
  eth_getUncleByBlockHashAndIndex: (ctx, params) => (
    arity(params, 2, 2), uncleOf(ctx, byHash(ctx, params[0]), params[1])
  ),
  eth_getBlockReceipts(ctx, params) {
    arity(params, 1, 1);
    const value = params[0];
    // A hash, or a number or tag (the pending block's receipts are read in the chain one block ahead).
    const found =
      typeof value === 'string' && value.length === 66
        ? (() => {
            const block = byHash(ctx, value);
            return block && { ctx, block };
          })()
        : byNumber(ctx, value);
    if (!found) return null;
    const { block } = found;
    const receipts = [];
    for (let t = block.transactionStart; t < block.transactionStart + block.transactionCount; t++)
      receipts.push(rpcReceiptJson(found.ctx, t));
    return new RawJson(`[${receipts.join(',')}]`);
  },
};
