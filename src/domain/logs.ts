import { isTransferLog, type LogRef, logRow } from '../chain/logs.js';
import { type AccountId, type ContractKind, NONE, type RawLog, type TokenType } from '../chain/types.js';
import { contractEventsOf } from './contractMethods.js';
import { customAbiOf, decodingAbiOf } from './customAbi.js';
import { type Facts, memoList } from './facts.js';
import { lazyModules } from './lazyModules.js';

const KIND_OF_TOKEN: Record<TokenType, ContractKind> = {
  'ERC-20': 'erc20',
  'ERC-721': 'erc721',
  'ERC-1155': 'erc1155',
  'ERC-404': 'erc404',
};

/** What a log says: where it is, who emitted it, and the ABI event and arguments (a token transfer's follow from the transfer). */
export interface LogEvent {
  readonly transaction: number;
  readonly block: number;
  /** Its log index in the block. */
  readonly index: number;
  readonly emitterId: AccountId;
  readonly kind: ContractKind;
  readonly name: string;
  readonly args: readonly unknown[];
  /** A log an executed contract emitted, as emitted (then `name` is empty). */
  readonly raw?: RawLog | undefined;
}

export function logEventOf(facts: Facts, ref: LogRef): LogEvent {
  const { chain } = facts;
  if (!isTransferLog(ref)) {
    const e = chain.events.at(ref)!;
    return {
      transaction: e.transaction,
      block: e.block,
      index: e.index,
      emitterId: e.emitterId,
      kind: e.contractKind,
      name: e.name,
      args: e.args,
      ...(e.raw ? { raw: e.raw } : {}),
    };
  }
  const t = chain.tokenTransfers.at(logRow(ref))!;
  const type = chain.accounts[t.tokenId]!.contract!.token!.type;
  const [from, to] = [chain.accounts[t.fromId]!.hash, chain.accounts[t.toId]!.hash];
  const base = {
    transaction: t.transaction,
    block: t.block,
    index: t.logIndex,
    emitterId: t.tokenId,
    kind: KIND_OF_TOKEN[type],
  };
  if (type === 'ERC-1155') {
    const operator = chain.accounts[chain.transactions.at(t.transaction)!.fromId]!.hash;
    return t.tokenIds!.length === 1
      ? { ...base, name: 'TransferSingle', args: [operator, from, to, t.tokenIds![0], t.amounts[0]] }
      : { ...base, name: 'TransferBatch', args: [operator, from, to, t.tokenIds, t.amounts] };
  }
  if (type === 'ERC-721') return { ...base, name: 'Transfer', args: [from, to, t.tokenIds![0]] };
  if (type === 'ERC-404' && t.tokenIds) return { ...base, name: 'ERC721Transfer', args: [from, to, t.tokenIds[0]] };
  return { ...base, name: 'Transfer', args: [from, to, t.amounts[0]] };
}

/** A log as the chain holds it: four topics (unused ones null), its data, and its decoding with the emitter's ABI. */
export type EncodedLog = ReturnType<typeof import('./abiCoder.js').eventLog>;

export const encodedLogOf = (facts: Facts, ref: LogRef): EncodedLog => {
  const e = logEventOf(facts, ref);
  if (e.raw) {
    const raw = e.raw;
    return lazyModules.abi
      .get()
      .rawEventLog(raw, decodingAbiOf(facts.chain.accounts[e.emitterId]!.contract) ?? null, () =>
        contractEventsOf(facts, raw.topics[0]!),
      );
  }
  return lazyModules.abi.get().eventLog(e.kind, e.name, e.args, customAbiOf(facts.chain, e.kind, e.emitterId));
};

/** A log's first topic (its event's selector) without encoding the rest: what a topic filter tests first. */
export const topic0Of = (facts: Facts, ref: LogRef): string => {
  const e = logEventOf(facts, ref);
  if (e.raw) return e.raw.topics[0] ?? '';
  return lazyModules.abi
    .get()
    .eventTopic0(e.kind, e.name, e.args.length, customAbiOf(facts.chain, e.kind, e.emitterId));
};

/** The logs `id` emitted with `topic` among their topics, in chain order. */
export const addressLogsWithTopic = (facts: Facts, id: AccountId, topic: string): Int32Array =>
  memoList(facts, `address-logs:${id}:${topic}`, () =>
    facts.chain.indexes.at(id)!.logs.filter((ref) => encodedLogOf(facts, ref).topics.includes(topic)),
  );

/** The contract a log's transaction called (or created): the explorer's `smart_contract` of an address's logs. */
export function calleeOfLog(facts: Facts, ref: LogRef): AccountId {
  const tx = facts.chain.transactions.at(logEventOf(facts, ref).transaction)!;
  return tx.toId !== NONE ? tx.toId : tx.createdId;
}
