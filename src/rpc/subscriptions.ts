import { createHash } from 'node:crypto';
import type { RpcContext } from './context.js';
import { rpcHeadJson, rpcLogJson, rpcPendingTransaction } from './formats.js';
import { logCriteriaArg, logsMatching, matches } from './logQuery.js';
import type { LogRef } from '../chain/logs.js';
import { logEventOf } from '../domain/logs.js';
import { boolArg } from './quantity.js';
import { invalidParams, RpcError, serverError } from './rpcError.js';

/** What a websocket client subscribed to (`eth_subscribe`). */
export type Subscription =
  | { readonly kind: 'newHeads' }
  | {
      readonly kind: 'logs';
      readonly addresses: readonly string[] | null;
      readonly topics: readonly (readonly string[] | null)[];
    }
  | { readonly kind: 'newPendingTransactions'; readonly full: boolean };

/** The names `eth_subscribe` takes. */
export const SUBSCRIPTION_NAMES = ['newHeads', 'logs', 'newPendingTransactions'] as const;

/** Most subscriptions one connection may hold (a client that keeps subscribing must not grow the server's memory). */
export const MAX_SUBSCRIPTIONS = 1_000;
/** Most subscriptions all connections hold together, as many as the node's poll filters (`MAX_FILTERS`). */
export const MAX_SERVER_SUBSCRIPTIONS = 10_000;

/**
 * The subscription `eth_subscribe`'s parameters ask for, read as geth reads them: the name first
 * (`newHeads`; `logs` with an optional `{address, topics}` filter; `newPendingTransactions` with
 * an optional `true` for whole transactions).
 */
export function subscriptionArg(ctx: RpcContext, params: readonly unknown[]): Subscription {
  const name = params[0];
  if (typeof name !== 'string') throw invalidParams('expected subscription name as first argument');
  const args = params.slice(1);
  const most = (n: number) => {
    if (args.length > n) throw invalidParams(`too many arguments, want at most ${n}`);
  };
  if (name === 'newHeads') return (most(0), { kind: 'newHeads' });
  if (name === 'newPendingTransactions') {
    most(1);
    return { kind: 'newPendingTransactions', full: args[0] === undefined ? false : boolArg(args[0], 0) };
  }
  if (name === 'logs') {
    most(1);
    const filter = (args[0] ?? {}) as Record<string, unknown>;
    if (filter !== null && typeof filter === 'object' && !Array.isArray(filter)) {
      // A subscription follows the head: from and to may only say so.
      for (const edge of ['fromBlock', 'toBlock', 'blockHash'] as const)
        if (filter[edge] !== undefined && filter[edge] !== null && filter[edge] !== 'latest')
          throw serverError('invalid from and to block combination');
    }
    const { addresses, topics } = logCriteriaArg(ctx, filter, 0);
    return { kind: 'logs', addresses, topics };
  }
  throw new RpcError(-32601, `no ${JSON.stringify(name.slice(0, 100))} subscription in eth namespace`);
}

/** The id of a connection's `n`-th subscription: 16 bytes in hex without leading zeros, as geth writes one, from the seed. */
export function subscriptionId(seed: string, n: number): string {
  const digest = createHash('sha256').update(`${seed}:subscription:${n}`).digest('hex').slice(0, 32);
  return `0x${digest.replace(/^0+(?=.)/, '')}`;
}

/** A notification frame: `eth_subscription` with the subscription's id and a result already in JSON. */
export const notification = (id: string, resultJson: string): string =>
  `{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":"${id}","result":${resultJson}}}`;

/**
 * What the subscriptions hear of block `height`: a function from a subscription to its results
 * (JSON each). What they share is made once for all: the header, and the block's logs with their
 * emitters; a `logs` subscription none of whose addresses emitted in the block is passed over
 * without looking at its logs, so subscriptions that hear nothing cost next to nothing.
 */
export function blockHearing(ctx: RpcContext, height: number): (subscription: Subscription) => readonly string[] {
  const block = ctx.chain.blocks.at(height);
  if (!block) return () => [];
  let head: readonly string[] | undefined;
  let logs: readonly LogRef[] | undefined;
  let emitters: ReadonlySet<string> | undefined;
  const json = new Map<LogRef, string>();
  return (subscription) => {
    if (subscription.kind === 'newHeads') return (head ??= [rpcHeadJson(ctx, block)]);
    if (subscription.kind !== 'logs') return [];
    logs ??= logsMatching(ctx, { from: height, to: height, addresses: null, topics: [] });
    emitters ??= new Set(logs.map((ref) => ctx.chain.accounts[logEventOf(ctx.facts, ref).emitterId]!.lower));
    if (subscription.addresses && !subscription.addresses.some((a) => emitters!.has(a))) return [];
    const heard: string[] = [];
    for (const ref of logs) {
      if (!matches(ctx, ref, subscription)) continue;
      let text = json.get(ref);
      if (text === undefined) json.set(ref, (text = rpcLogJson(ctx, ref)));
      heard.push(text);
    }
    return heard;
  };
}

/** What a `newPendingTransactions` subscription hears of the mempool in front of the head: a hash, or a transaction, each. */
export function pendingResults(ctx: RpcContext, full: boolean): string[] {
  const pending = ctx.mempool()?.list() ?? [];
  return pending.map((p) => JSON.stringify(full ? rpcPendingTransaction(ctx, p) : p.hash));
}
