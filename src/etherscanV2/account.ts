import { balanceAt } from '../domain/balances.js';
import { type Action, type EtherscanV2Context, listed, noneFound, notOk, ok } from './envelope.js';
import { accountAt, addressParam, heightOfTag, listRequest } from './accountParams.js';
import { accountBlockActions } from './accountBlocks.js';
import { accountTokenActions } from './accountTokens.js';
import { internalItem, transactionItem } from './items.js';
import { pageOfRows } from './lists.js';
import { addressOf, hashOf, integerOf, listOptions } from './params.js';
import { TEXTS } from './texts.js';

/** An address's coin balance once block `height` is sealed, in wei. */
const coinBalance = (ctx: EtherscanV2Context, address: string, height: number): string => {
  const id = accountAt(ctx, address);
  return id === undefined ? '0' : String(balanceAt(ctx.facts, id, height));
};

const balance: Action = (ctx, params) => {
  const address = addressParam(params);
  if (typeof address !== 'string') return address;
  const height = heightOfTag(ctx, params.get('tag'));
  if (height === undefined) return notOk('Error! Invalid tag');
  return ok(coinBalance(ctx, address, height));
};

const balancemulti: Action = (ctx, params) => {
  const raw = params.get('address') ?? '';
  // The first 20 (a longer list is cut as it is split, not read whole).
  const addresses = raw.split(',', 20).map((a) => addressOf(a));
  if (!raw || addresses.some((a) => a === undefined)) return notOk(TEXTS.invalidAddress);
  const height = heightOfTag(ctx, params.get('tag'));
  if (height === undefined) return notOk('Error! Invalid tag');
  return ok(addresses.map((account) => ({ account: account!, balance: coinBalance(ctx, account!, height) })));
};

const balancehistory: Action = (ctx, params) => {
  const address = addressParam(params);
  if (typeof address !== 'string') return address;
  const block = integerOf(params.get('blockno'));
  if (block === undefined) return notOk('Error! Invalid blockno');
  if (block > ctx.chain.headHeight) return notOk('Error! Block number greater than the latest block');
  return ok(coinBalance(ctx, address, block));
};

const txlist: Action = (ctx, params) => {
  const request = listRequest(ctx, params);
  if ('error' in request) return request.error;
  const id = accountAt(ctx, request.address);
  if (id === undefined) return noneFound(TEXTS.noTransactions);
  const rows = ctx.chain.indexes.at(id)!.transactions;
  const page = pageOfRows(ctx, rows, (t) => ctx.chain.transactions.at(t)!.block, request.o);
  return listed(page.map((t) => transactionItem(ctx, t)));
};

/** An internal transaction is listed unless it is a call that moved no value (creations and self-destructs always are). */
const movesValue = (ctx: EtherscanV2Context, row: number) => {
  const i = ctx.chain.internalTransactions.at(row)!;
  return i.value > 0n || !(i.type === 'call' || i.type === 'delegatecall' || i.type === 'staticcall');
};

const txlistinternal: Action = (ctx, params) => {
  const o = listOptions(params, ctx.chain.headHeight);
  if (o.windowTooLarge) return notOk(TEXTS.window);
  const blockOf = (r: number) => ctx.chain.internalTransactions.at(r)!.block;
  if (params.has('address')) {
    const address = addressParam(params);
    if (typeof address !== 'string') return address;
    const id = accountAt(ctx, address);
    if (id === undefined) return noneFound(TEXTS.noTransactions);
    const rows = ctx.chain.indexes.at(id)!.internalTransactions.filter((r) => movesValue(ctx, r));
    return listed(pageOfRows(ctx, rows, blockOf, o).map((r) => internalItem(ctx, r)));
  }
  if (params.has('txhash')) {
    const hash = hashOf(params.get('txhash'));
    if (!hash) return notOk('Error! Invalid txhash format');
    const index = ctx.chain.transactionByHash.get(hash);
    if (index === undefined) return noneFound(TEXTS.noTransactions);
    const t = ctx.chain.transactions.at(index)!;
    const rows = Array.from({ length: t.internalCount }, (_, k) => t.internalStart + k).filter((r) =>
      movesValue(ctx, r),
    );
    if (o.descending) rows.reverse();
    return listed(rows.slice(0, 10_000).map((r) => internalItem(ctx, r, true)));
  }
  // By block range: every internal transaction of the blocks asked.
  const first = Math.min(o.startBlock, ctx.chain.headHeight + 1);
  const last = Math.min(o.endBlock, ctx.chain.headHeight);
  const rows: number[] = [];
  const window = o.page * o.offset;
  // Walk the blocks in the order asked, stopping once the page is full.
  for (let h = o.descending ? last : first; o.descending ? h >= first : h <= last; h += o.descending ? -1 : 1) {
    const block = ctx.chain.blocks.at(h)!;
    const inBlock: number[] = [];
    for (let t = block.transactionStart; t < block.transactionStart + block.transactionCount; t++) {
      const tx = ctx.chain.transactions.at(t)!;
      for (let k = 0; k < tx.internalCount; k++)
        if (movesValue(ctx, tx.internalStart + k)) inBlock.push(tx.internalStart + k);
    }
    if (o.descending) inBlock.reverse();
    rows.push(...inBlock);
    if (rows.length >= window) break;
  }
  return listed(rows.slice((o.page - 1) * o.offset, window).map((r) => internalItem(ctx, r)));
};

/** `fundedby`: the first transfer of coin into an account without code (a transaction's or an internal one's), and who sent it. */
const fundedby: Action = (ctx, params) => {
  const address = addressParam(params);
  if (typeof address !== 'string') return address;
  const id = accountAt(ctx, address);
  if (id !== undefined && ctx.chain.accounts[id]!.contract) return notOk('Error! Not available for contract addresses');
  if (id === undefined) return noneFound(TEXTS.noTransactions);
  const index = ctx.chain.indexes.at(id)!;
  const direct = Array.from(index.transactionsTo).find((t) => {
    const tx = ctx.chain.transactions.at(t)!;
    return tx.value > 0n && tx.status === 'ok';
  });
  const internal = Array.from(index.internalTransactionsTo).find((r) => {
    const i = ctx.chain.internalTransactions.at(r)!;
    return i.value > 0n && i.success && ctx.chain.transactions.at(i.transaction)!.status === 'ok';
  });
  const directAt = direct === undefined ? Number.POSITIVE_INFINITY : direct;
  const internalAt =
    internal === undefined ? Number.POSITIVE_INFINITY : ctx.chain.internalTransactions.at(internal)!.transaction;
  if (direct === undefined && internal === undefined) return noneFound(TEXTS.noTransactions);
  // Transactions are numbered in chain order: the earlier one funded it.
  const viaInternal = internalAt < directAt;
  const transaction = viaInternal ? internalAt : directAt;
  const t = ctx.chain.transactions.at(transaction)!;
  const funder = viaInternal ? ctx.chain.internalTransactions.at(internal!)!.fromId : t.fromId;
  const value = viaInternal ? ctx.chain.internalTransactions.at(internal!)!.value : t.value;
  return ok({
    block: t.block,
    timeStamp: String(ctx.chain.blocks.at(t.block)!.timestamp),
    fundingAddress: ctx.chain.accounts[funder]!.lower,
    fundingTxn: t.hash,
    value: String(value),
  });
};

export const accountActions: Readonly<Record<string, Action>> = {
  ...accountTokenActions,
  ...accountBlockActions,
  balance,
  balancemulti,
  balancehistory,
  txlist,
  txlistinternal,
  fundedby,
};
