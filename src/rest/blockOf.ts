import type { Block, Chain } from '../chain/types.js';
import { notFound } from './errors.js';
import { blockParam } from './params.js';

/** The block a path names: a consensus block by height, any block (uncles, reorgs too) by hash; 404 otherwise. */
export function blockOf(chain: Chain, raw: string): Block {
  const id = blockParam(raw);
  const block = 'height' in id ? chain.blocks.at(id.height) : chain.blockByHash.get(id.hash);
  if (!block) throw notFound();
  return block;
}
