import type { LogRef } from '../chain/logs.js';
import { encodedLogOf, logEventOf, topic0Of } from '../domain/logs.js';
import { logsIn } from '../domain/logsIn.js';
import { type Action, type EtherscanV2Context, listed, notOk } from './envelope.js';
import { addressOf, integerOf } from './params.js';
import { TEXTS } from './texts.js';

/** Most logs one page holds. */
const MAX_LOGS = 1_000;
const PAIRS = [
  [0, 1],
  [0, 2],
  [0, 3],
  [1, 2],
  [1, 3],
  [2, 3],
] as const;

/** A quantity as Etherscan's getLogs writes it: hex, and zero as a bare `0x`. */
const hex = (n: number | bigint) => (n === 0 || n === 0n ? '0x' : `0x${n.toString(16)}`);

/** A block bound: a number (decimal or hex) or `latest`; undefined when it is neither. */
function blockBound(ctx: EtherscanV2Context, value: string | undefined, fallback: number): number | undefined {
  const text = value?.trim().toLowerCase();
  if (text === undefined || text === '') return fallback;
  if (text === 'latest') return ctx.chain.headHeight;
  return /^0x[0-9a-f]{1,13}$/.test(text) ? Number.parseInt(text, 16) : integerOf(text);
}

/** A log as `getLogs` lists it: its own topics only, quantities in hex. */
function logItem(ctx: EtherscanV2Context, ref: LogRef) {
  const event = logEventOf(ctx.facts, ref);
  const encoded = encodedLogOf(ctx.facts, ref);
  const t = ctx.chain.transactions.at(event.transaction)!;
  const block = ctx.chain.blocks.at(event.block)!;
  return {
    address: ctx.chain.accounts[event.emitterId]!.lower,
    topics: encoded.topics.filter((topic) => topic !== null),
    data: encoded.data,
    blockNumber: hex(event.block),
    blockHash: block.hash,
    timeStamp: hex(block.timestamp),
    gasPrice: hex(t.gasPrice),
    gasUsed: hex(t.gasUsed),
    logIndex: hex(event.index),
    transactionHash: t.hash,
    transactionIndex: hex(t.position),
  };
}

/**
 * `logs/getLogs`: the logs of a block range (`fromBlock`, `toBlock`, default the whole chain) by
 * emitter and topics; two topics given join by their operator (`topic0_1_opr=and|or`, `and` when
 * not given); oldest first, 1,000 a page at most (`page`, `offset`).
 */
const getLogs: Action = (ctx, params) => {
  const from = blockBound(ctx, params.get('fromblock'), 0);
  const to = blockBound(ctx, params.get('toblock'), ctx.chain.headHeight);
  if (from === undefined || to === undefined) return notOk('Error! Invalid block number');
  const rawAddress = params.get('address');
  const address = rawAddress === undefined ? undefined : addressOf(rawAddress);
  if (rawAddress !== undefined && !address) return notOk(TEXTS.invalidAddress);
  const topics: (string | undefined)[] = [];
  for (let k = 0; k < 4; k++) {
    const value = params.get(`topic${k}`)?.trim();
    if (value !== undefined && !/^0x[0-9a-fA-F]{64}$/.test(value)) return notOk(`Error! Invalid topic${k} format`);
    topics.push(value?.toLowerCase());
  }
  const operators = new Map<string, 'and' | 'or'>();
  for (const [a, b] of PAIRS) {
    const value = params.get(`topic${a}_${b}_opr`)?.trim().toLowerCase();
    if (value === undefined) continue;
    if (value !== 'and' && value !== 'or') return notOk(`Error! Invalid topic${a}_${b}_opr value`);
    operators.set(`${a}${b}`, value);
  }
  const page = Math.max(1, integerOf(params.get('page')) ?? 1);
  const offset = Math.min(MAX_LOGS, Math.max(1, integerOf(params.get('offset')) || MAX_LOGS));
  if (page * offset > 10_000) return notOk(TEXTS.window);

  /** Whether a log's topics pass: pairs joined by `or` match either side; every other topic asked must match. */
  const passes = (logTopics: readonly (string | null)[]) => {
    const either = new Set<number>();
    for (const [a, b] of PAIRS) {
      if (operators.get(`${a}${b}`) !== 'or' || topics[a] === undefined || topics[b] === undefined) continue;
      if (logTopics[a] !== topics[a] && logTopics[b] !== topics[b]) return false;
      either.add(a).add(b);
    }
    return topics.every((t, k) => t === undefined || either.has(k) || logTopics[k] === t);
  };
  // topic0 tested on the event's selector before a log is encoded, unless an `or` frees it.
  const topic0Required =
    topics[0] !== undefined && ![...operators].some(([pair, op]) => pair.startsWith('0') && op === 'or');
  const wanted = page * offset;
  const found: LogRef[] = [];
  const take = (ref: LogRef) => {
    if (topic0Required && topic0Of(ctx.facts, ref) !== topics[0]) return;
    if (passes(encodedLogOf(ctx.facts, ref).topics)) found.push(ref);
  };
  // The domain's one log walk; an address no account has emits nothing.
  const id = address === undefined ? undefined : ctx.chain.accountByHash.get(address);
  if (address === undefined || id !== undefined)
    for (const ref of logsIn(ctx.facts, { from, to, emitters: id === undefined ? null : [id] })) {
      if (found.length >= wanted) break;
      take(ref);
    }
  return listed(
    found.slice((page - 1) * offset, wanted).map((ref) => logItem(ctx, ref)),
    TEXTS.noRecords,
  );
};

export const logsActions: Readonly<Record<string, Action>> = { getlogs: getLogs };
