import type { Chain } from '../chain/types.js';
import type { Facts } from '../domain/facts.js';
import type { Mempool } from '../domain/mempool.js';

/** What the stats service's answers read: the chain served (its head is the service's "now"), its facts and its mempool. */
export interface StatsContext {
  readonly chain: Chain;
  readonly facts: Facts;
  readonly mempool: () => Mempool | undefined;
}

/** The service's "now": the head block's time, in unix seconds (never the wall clock). */
export const nowOf = (ctx: StatsContext): number => ctx.chain.blocks.at(ctx.chain.headHeight)!.timestamp;
