import type { AccountId } from '../chain/types.js';
import { balanceAt } from '../domain/balances.js';
import { tokenBalanceAt } from '../domain/tokenState.js';
import { transfersOfToken } from '../domain/tokens.js';
import {
  type Action,
  type EtherscanV2Answer,
  type EtherscanV2Context,
  listed,
  noneFound,
  notOk,
  ok,
  type Params,
} from './envelope.js';
import { internalItem, listOf, tokenTransferItems, transactionItem } from './items.js';
import { pageOfRows, pageOfUnits } from './lists.js';
import { addressOf, hashOf, integerOf, type ListOptions, listOptions } from './params.js';
import { TEXTS } from './texts.js';

/** The height a `tag` names: `latest` (or `pending`, or none) the head, `earliest` genesis, a number (hex or decimal) that block, capped at the head. */
export function heightOfTag(ctx: EtherscanV2Context, tag: string | undefined): number | undefined {
  const text = tag?.trim().toLowerCase();
  if (text === undefined || text === '' || text === 'latest' || text === 'pending') return ctx.chain.headHeight;
  if (text === 'earliest') return 0;
  const n = /^0x[0-9a-f]{1,13}$/.test(text) ? Number.parseInt(text, 16) : integerOf(text);
  return n === undefined ? undefined : Math.min(n, ctx.chain.headHeight);
}

/** The account at an address, if the chain saw it. */
const accountAt = (ctx: EtherscanV2Context, address: string): AccountId | undefined =>
  ctx.chain.accountByHash.get(address);

/** An address's coin balance once block `height` is sealed, in wei. */
const coinBalance = (ctx: EtherscanV2Context, address: string, height: number): string => {
  const id = accountAt(ctx, address);
  return id === undefined ? '0' : String(balanceAt(ctx.facts, id, height));
};

/** The `address` parameter, or Etherscan's error. */
function addressParam(params: Params, name = 'address'): string | EtherscanV2Answer {
  return addressOf(params.get(name)) ?? notOk(TEXTS.invalidAddress);
}

/** A list action's options and address, or its error (the window first). */
function listRequest(
  ctx: EtherscanV2Context,
  params: Params,
): { o: ListOptions; address: string } | { error: EtherscanV2Answer } {
  const o = listOptions(params, ctx.chain.headHeight);
  if (o.windowTooLarge) return { error: notOk(TEXTS.window) };
  const address = addressParam(params);
  return typeof address === 'string' ? { o, address } : { error: address };
}

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

/** `tokentx`, `tokennfttx`, `token1155tx`: the transfers of one list, of an address and/or a token contract. */
const tokenTransfers =
  (list: 'tokentx' | 'tokennfttx' | 'token1155tx'): Action =>
  (ctx, params) => {
    const o = listOptions(params, ctx.chain.headHeight);
    if (o.windowTooLarge) return notOk(TEXTS.window);
    const hasAddress = params.has('address');
    const hasContract = params.has('contractaddress');
    const address = hasAddress ? addressOf(params.get('address')) : undefined;
    const contract = hasContract ? addressOf(params.get('contractaddress')) : undefined;
    if ((hasAddress && !address) || (hasContract && !contract) || (!address && !contract))
      return notOk(TEXTS.invalidAddress);
    const holder = address === undefined ? undefined : accountAt(ctx, address);
    const token = contract === undefined ? undefined : accountAt(ctx, contract);
    if ((address && holder === undefined) || (contract && token === undefined)) return noneFound(TEXTS.noTransactions);
    if (token !== undefined && !ctx.chain.accounts[token]!.contract?.token) return noneFound(TEXTS.noTransactions);
    const source =
      holder !== undefined ? ctx.chain.indexes.at(holder)!.tokenTransfers : transfersOfToken(ctx.facts, token!);
    const rows: number[] = [];
    for (const r of source) {
      const transfer = ctx.chain.tokenTransfers.at(r)!;
      if ((token === undefined || transfer.tokenId === token) && listOf(ctx, transfer) === list) rows.push(r);
    }
    const page = pageOfUnits(
      ctx,
      rows,
      (r) => ctx.chain.tokenTransfers.at(r)!.block,
      (r) => (list === 'token1155tx' ? ctx.chain.tokenTransfers.at(r)!.tokenIds!.length : 1),
      o,
    );
    return listed(page.map(({ row, unit }) => tokenTransferItems(ctx, row)[unit]!));
  };

const tokenbalance: Action = (ctx, params) => {
  const contract = addressOf(params.get('contractaddress'));
  const address = addressOf(params.get('address'));
  if (!contract || !address) return notOk(TEXTS.invalidAddress);
  const height = heightOfTag(ctx, params.get('tag'));
  if (height === undefined) return notOk('Error! Invalid tag');
  const token = accountAt(ctx, contract);
  const holder = accountAt(ctx, address);
  if (token === undefined || holder === undefined || !ctx.chain.accounts[token]!.contract?.token) return ok('0');
  return ok(String(tokenBalanceAt(ctx.facts, token, holder, height)));
};

/** An address's token holdings of the standards asked, one page (`offset` defaults to 100 here), in the explorer's order. */
function holdings(ctx: EtherscanV2Context, params: Params, types: readonly string[]) {
  const o = listOptions(params, ctx.chain.headHeight);
  if (o.windowTooLarge) return { error: notOk(TEXTS.window) };
  const address = addressParam(params);
  if (typeof address !== 'string') return { error: address };
  const id = accountAt(ctx, address);
  const all = (id === undefined ? [] : ctx.chain.indexes.at(id)!.holdings).filter(
    (h) => h.value > 0n && types.includes(ctx.chain.accounts[h.tokenId]!.contract!.token!.type),
  );
  const size = params.has('offset') ? o.offset : 100;
  return { page: all.slice((o.page - 1) * size, o.page * size) };
}

const addresstokenbalance: Action = (ctx, params) => {
  const found = holdings(ctx, params, ['ERC-20', 'ERC-404']);
  if ('error' in found) return found.error;
  return ok(
    found.page.map((h) => {
      const account = ctx.chain.accounts[h.tokenId]!;
      const token = account.contract!.token!;
      return {
        TokenAddress: account.lower,
        TokenName: token.name,
        TokenSymbol: token.symbol,
        TokenQuantity: String(h.value),
        TokenDivisor: String(token.decimals),
      };
    }),
  );
};

const addresstokennftbalance: Action = (ctx, params) => {
  const found = holdings(ctx, params, ['ERC-721']);
  if ('error' in found) return found.error;
  return ok(
    found.page.map((h) => {
      const account = ctx.chain.accounts[h.tokenId]!;
      const token = account.contract!.token!;
      return {
        TokenAddress: account.lower,
        TokenName: token.name,
        TokenSymbol: token.symbol,
        TokenQuantity: String(h.value),
      };
    }),
  );
};

const getminedblocks: Action = (ctx, params) => {
  const request = listRequest(ctx, params);
  if ('error' in request) return request.error;
  const { o, address } = request;
  const id = accountAt(ctx, address);
  if (id === undefined) return noneFound(TEXTS.noTransactions);
  const uncles = params.get('blocktype')?.trim().toLowerCase() === 'uncles';
  const items: { blockNumber: string; timeStamp: string; blockReward: string }[] = [];
  if (!uncles) {
    for (const h of Array.from(ctx.chain.indexes.at(id)!.minedBlocks).reverse()) {
      const block = ctx.chain.blocks.at(h)!;
      const reward = block.rewards.find((r) => r.type === 'Miner Reward')?.amount ?? 0n;
      items.push({ blockNumber: String(h), timeStamp: String(block.timestamp), blockReward: String(reward) });
    }
  } else {
    for (let u = ctx.chain.uncles.length - 1; u >= 0; u--) {
      const uncle = ctx.chain.uncles.at(u)!;
      if (uncle.minerId !== id) continue;
      items.push({
        blockNumber: String(uncle.height),
        timeStamp: String(uncle.timestamp),
        blockReward: uncleReward(ctx, uncle.hash),
      });
    }
  }
  return listed(items.slice((o.page - 1) * o.offset, o.page * o.offset));
};

/** The reward the block that took an uncle in paid for it (a nephew is at most a few blocks above). */
function uncleReward(ctx: EtherscanV2Context, hash: string): string {
  const uncle = ctx.chain.blockByHash.get(hash)!;
  for (let h = uncle.height + 1; h <= Math.min(uncle.height + 8, ctx.chain.headHeight); h++) {
    const nephew = ctx.chain.blocks.at(h)!;
    if (nephew.unclesHashes.includes(uncle.hash))
      return String(nephew.rewards.find((r) => r.type === 'Uncle Reward')?.amount ?? 0n);
  }
  return '0';
}

const GWEI = 10n ** 9n;

const txsBeaconWithdrawal: Action = (ctx, params) => {
  const request = listRequest(ctx, params);
  if ('error' in request) return request.error;
  const id = accountAt(ctx, request.address);
  if (id === undefined) return noneFound(TEXTS.noTransactions);
  const rows = ctx.chain.indexes.at(id)!.withdrawals;
  const page = pageOfRows(ctx, rows, (w) => ctx.chain.withdrawals.at(w)!.block, request.o);
  return listed(
    page.map((w) => {
      const withdrawal = ctx.chain.withdrawals.at(w)!;
      return {
        withdrawalIndex: String(withdrawal.index),
        validatorIndex: String(withdrawal.validatorIndex),
        address: request.address,
        amount: String(withdrawal.amount / GWEI),
        blockNumber: String(withdrawal.block),
        timestamp: String(ctx.chain.blocks.at(withdrawal.block)!.timestamp),
      };
    }),
  );
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
  balance,
  balancemulti,
  balancehistory,
  txlist,
  txlistinternal,
  tokentx: tokenTransfers('tokentx'),
  tokennfttx: tokenTransfers('tokennfttx'),
  token1155tx: tokenTransfers('token1155tx'),
  tokenbalance,
  addresstokenbalance,
  addresstokennftbalance,
  getminedblocks,
  txsbeaconwithdrawal: txsBeaconWithdrawal,
  fundedby,
};
