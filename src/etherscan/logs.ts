import type { LogRef } from '../chain/logs.js';
import { logsIn } from '../domain/logsIn.js';
import { encodedLogOf, logEventOf, topic0Of } from '../domain/logs.js';
import { type Action, type EtherscanContext, fail, ok } from './envelope.js';
import { addressOf, integerOf } from './params.js';

/** Most logs one query returns, as the explorer caps it. */
const MAX_LOGS = 1_000;
const TOPICS = ['topic0', 'topic1', 'topic2', 'topic3'] as const;
const PAIRS = [
  [0, 1],
  [0, 2],
  [0, 3],
  [1, 2],
  [1, 3],
  [2, 3],
] as const;

const hex = (n: number | bigint) => `0x${n.toString(16)}`;

/** A block bound: an integer or `latest`. */
function blockBound(ctx: EtherscanContext, value: string): number | undefined {
  if (value === 'latest') return ctx.chain.headHeight;
  const n = integerOf(value);
  return n === undefined || n < 0 ? undefined : n;
}

/** A log as `getLogs` lists it: hex quantities, four topics (null-padded), keys in the explorer's order. */
function logItem(ctx: EtherscanContext, ref: LogRef) {
  const event = logEventOf(ctx.facts, ref);
  const encoded = encodedLogOf(ctx.facts, ref);
  const t = ctx.chain.transactions.at(event.transaction)!;
  return {
    address: ctx.chain.accounts[event.emitterId]!.lower,
    blockNumber: hex(event.block),
    data: encoded.data,
    gasPrice: hex(t.gasPrice),
    gasUsed: hex(t.gasUsed),
    logIndex: hex(event.index),
    timeStamp: hex(ctx.chain.blocks.at(event.block)!.timestamp),
    topics: encoded.topics,
    transactionHash: t.hash,
    transactionIndex: hex(t.position),
  };
}

/**
 * `logs/getLogs`: the logs of a block range by emitter and topics, where two topics given join by
 * their operator (`topic0_1_opr=and|or`, required when both are given); at most 1,000, oldest first.
 */
const getLogs: Action = (ctx, params) => {
  // A topic that is no 32-byte hash is dropped (as the explorer drops it), after the presence checks.
  const topics = TOPICS.map((name) => {
    const value = params.get(name);
    return value !== undefined && /^0x[0-9a-fA-F]{64}$/.test(value) ? value.toLowerCase() : undefined;
  });
  const rawAddress = params.get('address');
  // The presence checks, by key as the explorer makes them: the required ones, then the operators.
  const missing: string[] = [];
  if (!params.has('fromBlock')) missing.push('fromBlock');
  if (!params.has('toBlock')) missing.push('toBlock');
  if (!params.has('address') && TOPICS.every((t) => !params.has(t))) missing.push('address and/or topic{x}');
  if (missing.length) return fail(`Required query parameters missing: ${missing.join(', ')}`);
  const operatorsMissing = PAIRS.filter(
    ([a, b]) => params.has(TOPICS[a]!) && params.has(TOPICS[b]!) && !params.has(`topic${a}_${b}_opr`),
  ).map(([a, b]) => `topic${a}_${b}_opr`);
  if (operatorsMissing.length) return fail(`Required query parameters missing: ${operatorsMissing.join(', ')}`);
  const from = blockBound(ctx, params.get('fromBlock')!);
  if (from === undefined) return fail('Invalid fromBlock format');
  const to = blockBound(ctx, params.get('toBlock')!);
  if (to === undefined) return fail('Invalid toBlock format');
  const address = rawAddress === undefined ? undefined : addressOf(rawAddress);
  if (rawAddress !== undefined && !address) return fail('Invalid address format');
  const operators = new Map<string, 'and' | 'or'>();
  for (const [a, b] of PAIRS) {
    const name = `topic${a}_${b}_opr`;
    const value = params.get(name);
    if (value === undefined) continue;
    if (value !== 'and' && value !== 'or') return fail(`Invalid ${name} format`);
    operators.set(`${a}${b}`, value);
  }

  /** Whether a log's topics pass: each topic given alone must match; each pair with an operator joins its two. */
  const passes = (logTopics: readonly (string | null)[]) => {
    const paired = new Set<number>();
    for (const [a, b] of PAIRS) {
      const op = operators.get(`${a}${b}`);
      if (!op || topics[a] === undefined || topics[b] === undefined) continue;
      paired.add(a).add(b);
      const left = logTopics[a] === topics[a];
      const right = logTopics[b] === topics[b];
      if (op === 'and' ? !(left && right) : !(left || right)) return false;
    }
    return topics.every((t, k) => t === undefined || paired.has(k) || logTopics[k] === t);
  };

  const last = Math.min(to, ctx.chain.headHeight);
  const found: LogRef[] = [];
  // topic0 must match when it is asked alone or joined by `and`: tested on the event's selector
  // before a log is encoded (most logs fail it), the rest on the encoded topics.
  const topic0Required =
    topics[0] !== undefined &&
    ![...operators].some(([pair, op]) => pair.startsWith('0') && op === 'or' && topics[Number(pair[1])] !== undefined);
  const take = (ref: LogRef) => {
    if (topic0Required && topic0Of(ctx.facts, ref) !== topics[0]) return;
    if (passes(encodedLogOf(ctx.facts, ref).topics)) found.push(ref);
  };
  const id = address === undefined ? undefined : ctx.chain.accountByHash.get(address);
  if (address === undefined || id !== undefined)
    for (const ref of logsIn(ctx.facts, { from, to: last, emitters: id === undefined ? null : [id] })) {
      if (found.length >= MAX_LOGS) break;
      take(ref);
    }
  if (!found.length) return fail('No logs found', []);
  return ok(found.map((ref) => logItem(ctx, ref)));
};

export const logsActions: Readonly<Record<string, Action>> = { getlogs: getLogs };
