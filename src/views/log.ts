import { type ContractKind, NONE, type TokenType } from '../chain/types.js';
import { isTransferLog, type LogRef, logRow } from '../chain/logs.js';
import { addressRef } from './addressRef.js';
import { customAbiOf } from '../domain/customAbi.js';
import { cachedJson, type ViewContext } from './context.js';
import { isoTimestamp } from './format.js';
import { heavy } from '../domain/lazyModules.js';

const KIND_OF_TOKEN: Record<TokenType, ContractKind> = {
  'ERC-20': 'erc20',
  'ERC-721': 'erc721',
  'ERC-1155': 'erc1155',
  'ERC-404': 'erc404',
};

/** What a log says: its emitter, the ABI event and arguments (a token transfer's from the transfer). */
function eventOf(ctx: ViewContext, ref: LogRef) {
  const { chain } = ctx;
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

/**
 * A log as the explorer lists it: topics and data ABI-encoded, decoded with the emitter's ABI.
 * `smart_contract` (the transaction's callee) is filled where the explorer fills it: address lists.
 */
export function logView(ctx: ViewContext, ref: LogRef, withSmartContract: boolean) {
  const { chain } = ctx;
  const e = eventOf(ctx, ref);
  const transaction = chain.transactions.at(e.transaction)!;
  const block = chain.blocks.at(e.block)!;
  const { topics, data, decoded } = heavy.abi
    .get()
    .eventLog(e.kind, e.name, e.args, customAbiOf(chain, e.kind, e.emitterId));
  return {
    transaction_hash: transaction.hash,
    address: addressRef(ctx, e.emitterId)!,
    topics,
    data,
    index: e.index,
    decoded,
    smart_contract: withSmartContract
      ? addressRef(ctx, transaction.toId !== NONE ? transaction.toId : transaction.createdId)
      : null,
    block_number: e.block,
    block_hash: block.hash,
    block_timestamp: isoTimestamp(block.timestamp),
  };
}

export const logJson = (ctx: ViewContext, ref: LogRef, withSmartContract: boolean): string =>
  cachedJson(ctx, `log:${ref}:${withSmartContract ? 1 : 0}`, () => logView(ctx, ref, withSmartContract));
