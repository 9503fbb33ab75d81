import { type LogRef, logBlockOf } from '../chain/logs.js';
import { logsIn } from '../domain/logsIn.js';
import { encodedLogOf, logEventOf, topic0Of } from '../domain/logs.js';
import { blockArg } from './blockParam.js';
import type { RpcContext } from './context.js';
import { addressArg, hashArg } from './quantity.js';
import { invalidParams, serverError } from './rpcError.js';

/** Most blocks one `eth_getLogs` may span, and most logs it may return (reth's defaults' spirit, the texts reth gives). */
export const MAX_LOG_BLOCK_RANGE = 10_000;
export const MAX_LOG_RESULTS = 10_000;
/** Most addresses, and most alternatives at one topic position, a query may list (geth's `--rpc.logquerylimit`). */
export const MAX_LOG_ALTERNATIVES = 1_000;

/** Which logs a query asks for: its blocks, emitters (null: any) and topics by position (null: any). */
export interface LogCriteria {
  readonly from: number;
  readonly to: number;
  readonly addresses: readonly string[] | null;
  readonly topics: readonly (readonly string[] | null)[];
}

/** The filter object of `eth_getLogs` and `eth_newFilter`, read as geth reads it. `to` may pass the head (a filter waits for it). */
export function logCriteriaArg(
  ctx: RpcContext,
  value: unknown,
  index: number,
): LogCriteria & { readonly toLatest: boolean } {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw invalidParams(
      `invalid argument ${index}: cannot unmarshal ${JSON.stringify(value) ?? 'undefined'} into a filter object`,
    );
  const o = value as Record<string, unknown>;
  let from: number;
  let to: number;
  let toLatest = false;
  if (o.blockHash !== undefined && o.blockHash !== null) {
    if ((o.fromBlock ?? null) !== null || (o.toBlock ?? null) !== null)
      throw invalidParams(
        `invalid argument ${index}: cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other`,
      );
    const block = ctx.chain.blockByHash.get(hashArg(o.blockHash, index));
    if (!block || block.type !== 'block') throw serverError('unknown block');
    from = to = block.height;
  } else {
    const edge = (field: 'fromBlock' | 'toBlock') => {
      if (o[field] === 'pending') throw invalidParams('pending logs are not supported');
      const ref = blockArg(ctx, o[field] ?? 'latest', index);
      return 'pending' in ref ? ctx.chain.headHeight : ref.height;
    };
    from = edge('fromBlock');
    to = edge('toBlock');
    toLatest = (o.toBlock ?? 'latest') === 'latest';
    if (from > to) throw invalidParams('invalid block range params');
  }
  const tooMany = () => invalidParams('exceed max addresses or topics per search position');
  const address = o.address;
  if (Array.isArray(address) && address.length > MAX_LOG_ALTERNATIVES) throw tooMany();
  // An empty address list, like none, matches every emitter (as geth reads it).
  const addresses =
    address === undefined || address === null || (Array.isArray(address) && address.length === 0)
      ? null
      : Array.isArray(address)
        ? address.map((a, k) => {
            if (typeof a !== 'string')
              throw invalidParams(`invalid argument ${index}: non-string address at index ${k}`);
            return addressArg(a, index, `address at index ${k}`);
          })
        : [addressArg(address, index, 'address')];
  const rawTopics = o.topics ?? [];
  if (!Array.isArray(rawTopics)) throw invalidParams(`invalid argument ${index}: invalid topic(s)`);
  if (rawTopics.length > 4) throw invalidParams(`invalid argument ${index}: exceed max topics`);
  const topics = rawTopics.map((t) => {
    if (t === null) return null;
    if (Array.isArray(t)) {
      if (t.length > MAX_LOG_ALTERNATIVES) throw tooMany();
      // An empty alternative list, or one holding null, matches any topic there.
      return t.length === 0 || t.includes(null) ? null : t.map((x) => hashArg(x, index));
    }
    return [hashArg(t, index)];
  });
  return { from, to, addresses, topics, toLatest };
}

/** What a log is matched against: its emitters (null: any) and topics by position (null: any). */
export type LogFilter = Pick<LogCriteria, 'addresses' | 'topics'>;

/** The filter's topic alternatives and emitters as sets, for lookups in O(1) per log (made once per filter). */
const topicSets = new WeakMap<LogFilter, readonly (ReadonlySet<string> | null)[]>();
const setsOf = (filter: LogFilter) => {
  let sets = topicSets.get(filter);
  if (!sets) topicSets.set(filter, (sets = filter.topics.map((t) => t && new Set(t))));
  return sets;
};
const emitterSets = new WeakMap<LogFilter, ReadonlySet<string> | null>();
export const emittersOf = (filter: LogFilter): ReadonlySet<string> | null => {
  let set = emitterSets.get(filter);
  if (set === undefined) emitterSets.set(filter, (set = filter.addresses && new Set(filter.addresses)));
  return set;
};

/**
 * Whether a log's emitter and topics pass the filter, as geth matches them: a log with fewer
 * topics than the filter names positions for does not (so `[T, null, null, null]` asks for four).
 */
export function matches(ctx: RpcContext, ref: LogRef, filter: LogFilter): boolean {
  const emitters = emittersOf(filter);
  if (emitters && !emitters.has(ctx.chain.accounts[logEventOf(ctx.facts, ref).emitterId]!.lower)) return false;
  if (!filter.topics.length) return true;
  const sets = setsOf(filter);
  // The first topic (the event's selector) without encoding the log: most logs fail there.
  if (sets[0] && !sets[0].has(topic0Of(ctx.facts, ref))) return false;
  if (sets.length === 1) return true;
  const topics = encodedLogOf(ctx.facts, ref).topics.filter((t) => t !== null);
  if (filter.topics.length > topics.length) return false;
  return sets.every((wanted, k) => wanted === null || wanted.has(topics[k]!));
}

/**
 * The logs the criteria ask for, in chain order (block, then log index), refused as a node refuses
 * a query too wide (`query exceeds max block range`) or too large (`query exceeds max results`,
 * with a range that fits). Emitter lists are read from their accounts' log indexes, the rest block
 * by block.
 */
export function logsMatching(ctx: RpcContext, criteria: LogCriteria): LogRef[] {
  const { chain } = ctx;
  const to = Math.min(criteria.to, chain.headHeight);
  if (criteria.from > to) return [];
  if (to - criteria.from + 1 > MAX_LOG_BLOCK_RANGE)
    throw invalidParams(`query exceeds max block range ${MAX_LOG_BLOCK_RANGE}`);
  const emitters = emittersOf(criteria);
  const ids = emitters && [...emitters].map((a) => chain.accountByHash.get(a)).filter((id) => id !== undefined);
  const found: LogRef[] = [];
  for (const ref of logsIn(ctx.facts, { from: criteria.from, to, emitters: ids })) {
    if (!matches(ctx, ref, criteria)) continue;
    if (found.length === MAX_LOG_RESULTS) {
      const last = logBlockOf(chain, found[found.length - 1]!);
      throw invalidParams(
        `query exceeds max results ${MAX_LOG_RESULTS}, retry with the range ${criteria.from}-${Math.max(criteria.from, last - 1)}`,
      );
    }
    found.push(ref);
  }
  return found;
}
