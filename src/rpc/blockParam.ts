import type { Block } from '../chain/types.js';
import type { RpcContext } from './context.js';
import { hashArg, quantityArg } from './quantity.js';
import { invalidParams, serverError } from './rpcError.js';

/** How far behind the head the `safe` and `finalized` tags are, as on a proof-of-stake chain (one and two epochs). */
export const SAFE_DEPTH = 32;
export const FINALIZED_DEPTH = 64;

/** A block a method is asked about: a mined height (maybe past the head), or the pending block. */
export type BlockRef = { readonly height: number } | { readonly pending: true };

const TAGS = ['latest', 'earliest', 'pending', 'safe', 'finalized'];

/**
 * Argument `index` as a block: a tag, a hex number, or an EIP-1898 object (`{blockNumber}` or
 * `{blockHash}`); missing means `latest`. A hash names a consensus block only.
 */
export function blockArg(ctx: RpcContext, value: unknown, index: number): BlockRef {
  const head = ctx.chain.headHeight;
  if (value === undefined || value === null) return { height: head };
  if (typeof value === 'object' && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    if ('blockHash' in o) {
      if ('blockNumber' in o)
        throw invalidParams(
          `invalid argument ${index}: cannot specify both BlockHash and BlockNumber, choose one or the other`,
        );
      const block = ctx.chain.blockByHash.get(hashArg(o.blockHash, index));
      if (!block || block.type !== 'block') throw serverError(`header for hash not found`);
      return { height: block.height };
    }
    // The number inside is a tag or a quantity, never another object.
    if ('blockNumber' in o) {
      if (o.blockNumber !== null && typeof o.blockNumber === 'object')
        throw invalidParams(`invalid argument ${index}: cannot unmarshal an object into a block number`);
      return blockArg(ctx, o.blockNumber, index);
    }
    throw invalidParams(`invalid argument ${index}: hex string without 0x prefix`);
  }
  if (typeof value === 'string' && TAGS.includes(value)) {
    if (value === 'earliest') return { height: 0 };
    if (value === 'pending') return { pending: true };
    if (value === 'safe') return { height: Math.max(0, head - SAFE_DEPTH) };
    if (value === 'finalized') return { height: Math.max(0, head - FINALIZED_DEPTH) };
    return { height: head };
  }
  return { height: quantityArg(value, index) };
}

/** The consensus block at a height a state query names; a height past the head is a node's `header not found`. */
export function minedHeight(ctx: RpcContext, ref: BlockRef): number {
  if ('pending' in ref) return ctx.chain.headHeight;
  if (ref.height > ctx.chain.headHeight) throw serverError('header not found');
  return ref.height;
}

/** The consensus block a height names, or undefined past the head. */
export const blockAt = (ctx: RpcContext, height: number): Block | undefined => ctx.chain.blocks.at(height);
