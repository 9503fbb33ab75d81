import type { Chain } from '../chain/types.js';
import { type Facts, factsOf } from '../domain/facts.js';
import type { Mempool } from '../domain/mempool.js';
import { type Lru, lru } from '../memo/lru.js';

/** What the node's methods read: the chain served now, its facts, its mempool, and what they rendered. */
export interface RpcContext {
  readonly chain: Chain;
  readonly facts: Facts;
  readonly chainId: number;
  /** The transactions in front of the head (a served chain has them; a bare chain none). */
  readonly mempool: () => Mempool | undefined;
  /** JSON of blocks, transactions, receipts and call results, by key (only `src/rpc` names keys); read with `peek`, so the oldest goes first. */
  readonly json: Lru<string>;
}

/** 64 MB of rendered JSON per chain. */
const JSON_BUDGET = 64 * 1024 * 1024;

const JSON_OF = new WeakMap<Chain, Lru<string>>();

/** What the node rendered of a chain, one cache per chain (as `factsOf`): every context of the chain shares it. */
function rpcJsonOf(chain: Chain): Lru<string> {
  let json = JSON_OF.get(chain);
  if (!json) JSON_OF.set(chain, (json = lru(JSON_BUDGET)));
  return json;
}

export const createRpcContext = (
  chain: Chain,
  chainId: number,
  mempool: () => Mempool | undefined = () => undefined,
): RpcContext => ({ chain, facts: factsOf(chain), chainId, mempool, json: rpcJsonOf(chain) });

/** The cached JSON of `key`, made with `build` on a miss. */
export function cachedRpcJson(ctx: RpcContext, key: string, build: () => unknown): string {
  const hit = ctx.json.peek(key);
  if (hit !== undefined) return hit;
  return ctx.json.set(key, JSON.stringify(build()));
}

const AHEAD = new WeakMap<Chain, RpcContext>();

/** The context of the chain one block ahead, whose head is the pending block; undefined without a mempool. */
export function pendingContext(ctx: RpcContext): RpcContext | undefined {
  const mempool = ctx.mempool();
  if (!mempool) return undefined;
  let ahead = AHEAD.get(mempool.ahead);
  if (!ahead) AHEAD.set(mempool.ahead, (ahead = createRpcContext(mempool.ahead, ctx.chainId)));
  return ahead;
}
