import { transactionsInDirection } from '../domain/accounts.js';
import { pendingOfferOf } from '../domain/pendingOffer.js';
import { NONE } from '../chain/types.js';
import { factsOf } from '../domain/facts.js';
import { tokenBalanceAt } from '../domain/tokenState.js';
import { inputOf } from '../domain/transactions.js';
import { transfersOfToken } from '../domain/tokens.js';
import { type Action, type EtherscanContext, fail, ok, type Params, sorted } from './envelope.js';
import { internalItem, tokenTransferItems, transactionItem } from './items.js';
import { tokenFields } from './tokenFields.js';
import { addressOf, hashOf, integerOf, type ListOptions, listOptions, pageOf, WINDOW_MESSAGE } from './params.js';
import { balanceAt } from '../domain/balances.js';

const ADDRESS_REQUIRED = "Query parameter 'address' is required";
const INVALID_ADDRESS = 'Invalid address format';

/** The addresses of `address` (a comma-separated list, the first 20), or the error the explorer gives. */
function addressList(params: Params): string[] | string {
  const raw = params.get('address');
  if (raw === undefined) return ADDRESS_REQUIRED;
  // The first 20 (a longer list is cut as it is split, not read whole).
  const list = raw.split(',', 20).map((a) => addressOf(a.trim()));
  return list.some((a) => a === undefined) ? 'Invalid address hash' : (list as string[]);
}

const balanceOf = (ctx: EtherscanContext, address: string) => {
  const id = ctx.chain.accountByHash.get(address);
  return id === undefined ? '0' : String(ctx.chain.accounts[id]!.balance);
};

const balanceMulti = (ctx: EtherscanContext, addresses: readonly string[]) =>
  ok(addresses.map((account) => ({ account, balance: balanceOf(ctx, account), stale: false })));

/** Indexes in chain order, kept inside the block and time ranges, in the order asked, one page of them. */
function selected(
  ctx: EtherscanContext,
  rows: ArrayLike<number>,
  blockOf: (row: number) => number,
  o: ListOptions,
): number[] {
  const kept: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const height = blockOf(row);
    if (o.startBlock !== null && height < o.startBlock) continue;
    if (o.endBlock !== null && height > o.endBlock) continue;
    if (o.startTimestamp !== null || o.endTimestamp !== null) {
      const time = ctx.chain.blocks.at(height)!.timestamp;
      if (o.startTimestamp !== null && time < o.startTimestamp) continue;
      if (o.endTimestamp !== null && time > o.endTimestamp) continue;
    }
    kept.push(row);
  }
  if (o.descending) kept.reverse();
  return pageOf(kept, o);
}

/** One address of a list action, or the explorer's error (the window is checked first, as it does). */
function listAddress(params: Params, o: ListOptions): { address: string } | { error: ReturnType<typeof fail> } {
  if (o.windowTooLarge) return { error: fail(WINDOW_MESSAGE) };
  const raw = params.get('address');
  if (raw === undefined) return { error: fail(ADDRESS_REQUIRED) };
  const address = addressOf(raw);
  return address ? { address } : { error: fail(INVALID_ADDRESS) };
}

const txlist: Action = (ctx, params) => {
  const o = listOptions(params);
  const found = listAddress(params, o);
  if ('error' in found) return found.error;
  const id = ctx.chain.accountByHash.get(found.address);
  const none = fail('No transactions found', []);
  if (id === undefined) return none;
  const rows = transactionsInDirection(ctx.chain, id, o.filterBy ?? undefined);
  const page = selected(ctx, rows, (t) => ctx.chain.transactions.at(t)!.block, o);
  return page.length ? ok(page.map((t) => transactionItem(ctx, t))) : none;
};

const txlistinternal: Action = (ctx, params) => {
  const o = listOptions(params);
  if (o.windowTooLarge) return fail(WINDOW_MESSAGE);
  const none = fail('No internal transactions found', []);
  // Zero-value calls are left out unless asked for (creations and self-destructs stay), as the explorer's query does.
  const zeroKept = (row: number) => {
    const i = ctx.chain.internalTransactions.at(row)!;
    return (
      o.includeZeroValue || i.value > 0n || !(i.type === 'call' || i.type === 'delegatecall' || i.type === 'staticcall')
    );
  };
  const noTime = { ...o, startTimestamp: null, endTimestamp: null };
  const raw = params.get('address');
  if (raw !== undefined) {
    const address = addressOf(raw);
    if (!address) return fail(INVALID_ADDRESS);
    const id = ctx.chain.accountByHash.get(address);
    if (id === undefined) return none;
    const index = ctx.chain.indexes.at(id)!;
    const rows = Array.from(
      o.filterBy === 'from'
        ? index.internalTransactionsFrom
        : o.filterBy === 'to'
          ? index.internalTransactionsTo
          : index.internalTransactions,
    ).filter(zeroKept);
    const page = selected(ctx, rows, (r) => ctx.chain.internalTransactions.at(r)!.block, noTime);
    return page.length ? ok(page.map((r) => internalItem(ctx, r))) : none;
  }
  const txhash = params.get('txhash');
  if (txhash !== undefined) {
    const hash = hashOf(txhash);
    if (!hash) return fail('Invalid txhash format');
    const t = ctx.chain.transactionByHash.get(hash);
    if (t === undefined) return none;
    const tx = ctx.chain.transactions.at(t)!;
    // Every internal transaction of it (up to 10,000), in the order asked; paging is not applied, as the explorer's query does not.
    const rows = Array.from({ length: tx.internalCount }, (_, k) => tx.internalStart + k).filter(zeroKept);
    if (o.descending) rows.reverse();
    return rows.length ? ok(rows.slice(0, 10_000).map((r) => internalItem(ctx, r))) : none;
  }
  // Every internal transaction of the chain within the block range.
  const all = Array.from({ length: ctx.chain.internalTransactions.length }, (_, r) => r).filter(zeroKept);
  const page = selected(ctx, all, (r) => ctx.chain.internalTransactions.at(r)!.block, noTime);
  return page.length ? ok(page.map((r) => internalItem(ctx, r))) : none;
};

/** `tokentx` and its kin: the token transfers of one standard, of an address and/or a token contract. */
const tokenTransfers =
  (type: 'ERC-20' | 'ERC-721' | 'ERC-1155' | 'ERC-404'): Action =>
  (ctx, params) => {
    const o = listOptions(params);
    if (o.windowTooLarge) return fail(WINDOW_MESSAGE);
    const rawAddress = params.get('address');
    const rawContract = params.get('contractaddress');
    const address = rawAddress === undefined ? undefined : addressOf(rawAddress);
    if (rawAddress !== undefined && !address) return fail(INVALID_ADDRESS);
    const contract = rawContract === undefined ? undefined : addressOf(rawContract);
    if (rawContract !== undefined && !contract) return fail('Invalid contract address format');
    if (!address && !contract) return fail('Query parameter address or contractaddress is required');
    const none = fail('No token transfers found', []);
    const holderId = address === undefined ? undefined : ctx.chain.accountByHash.get(address);
    const tokenId = contract === undefined ? undefined : ctx.chain.accountByHash.get(contract);
    if ((address && holderId === undefined) || (contract && tokenId === undefined)) return none;
    if (tokenId !== undefined && ctx.chain.accounts[tokenId]!.contract?.token?.type !== type) return none;
    const source =
      holderId !== undefined ? ctx.chain.indexes.at(holderId)!.tokenTransfers : transfersOfToken(ctx.facts, tokenId!);
    const rows = Array.from(source).filter((r) => {
      const transfer = ctx.chain.tokenTransfers.at(r)!;
      if (tokenId !== undefined && transfer.tokenId !== tokenId) return false;
      return ctx.chain.accounts[transfer.tokenId]!.contract!.token!.type === type;
    });
    // One row per id of an ERC-1155 batch, then paged: items are made for the page's rows only.
    const kept = selected(ctx, rows, (r) => ctx.chain.tokenTransfers.at(r)!.block, {
      ...o,
      page: 1,
      offset: Number.MAX_SAFE_INTEGER,
      startTimestamp: null,
      endTimestamp: null,
    });
    const start = (o.page - 1) * o.offset;
    const end = o.page * o.offset;
    const page: Record<string, unknown>[] = [];
    let at = 0;
    for (const r of kept) {
      if (at >= end) break;
      const units = ctx.chain.tokenTransfers.at(r)!.tokenIds?.length ?? 1;
      if (at + units > start) {
        const items = tokenTransferItems(ctx, r);
        if (o.descending) items.reverse();
        for (let k = 0; k < items.length; k++) if (at + k >= start && at + k < end) page.push(items[k]!);
      }
      at += type === 'ERC-1155' ? units : 1;
    }
    return page.length ? ok(page) : none;
  };

const tokenbalance: Action = (ctx, params) => {
  const missing = ['address', 'contractaddress'].filter((k) => !params.get(k));
  if (missing.length) return fail(`Required query parameters missing: ${missing.join(', ')}`);
  const contract = addressOf(params.get('contractaddress'));
  if (!contract) return fail('Invalid contractaddress format');
  const address = addressOf(params.get('address'));
  if (!address) return fail(INVALID_ADDRESS);
  const tokenId = ctx.chain.accountByHash.get(contract);
  const holderId = ctx.chain.accountByHash.get(address);
  if (tokenId === undefined || holderId === undefined || !ctx.chain.accounts[tokenId]!.contract?.token) return ok('0');
  return ok(String(tokenBalanceAt(ctx.facts, tokenId, holderId, ctx.chain.headHeight)));
};

const tokenlist: Action = (ctx, params) => {
  const raw = params.get('address');
  if (!raw) return fail('Query parameter address is required');
  const address = addressOf(raw);
  if (!address) return fail(INVALID_ADDRESS);
  const id = ctx.chain.accountByHash.get(address);
  const holdings = id === undefined ? [] : ctx.chain.indexes.at(id)!.holdings.filter((h) => h.value > 0n);
  if (!holdings.length) return fail('No tokens found', []);
  return ok(
    holdings.map((h) => {
      const token = ctx.chain.accounts[h.tokenId]!.contract!.token!;
      const { name, decimals, symbol } = tokenFields(ctx.facts, h.tokenId);
      return sorted({
        balance: String(h.value),
        contractAddress: ctx.chain.accounts[h.tokenId]!.lower,
        name,
        decimals,
        symbol,
        type: token.type,
        ...(h.nftId !== null ? { id: String(h.nftId) } : {}),
      });
    }),
  );
};

/** Elixir's `to_string` of a UTC DateTime with microseconds, as `getminedblocks` writes block times. */
const elixirDateTime = (unix: number) =>
  `${new Date(unix * 1000).toISOString().slice(0, 19).replace('T', ' ')}.000000Z`;

const getminedblocks: Action = (ctx, params) => {
  const o = listOptions(params);
  const raw = params.get('address');
  if (raw === undefined) return fail(ADDRESS_REQUIRED);
  const address = addressOf(raw);
  if (!address) return fail(INVALID_ADDRESS);
  const id = ctx.chain.accountByHash.get(address);
  const heights = id === undefined ? [] : Array.from(ctx.chain.indexes.at(id)!.minedBlocks).reverse();
  const page = pageOf(heights, o);
  if (!page.length) return fail('No blocks found', []);
  return ok(
    page.map((h) => ({ blockNumber: String(h), timeStamp: elixirDateTime(ctx.chain.blocks.at(h)!.timestamp) })),
  );
};

const pendingtxlist: Action = (ctx, params) => {
  const o = listOptions(params);
  const found = listAddress(params, o);
  if ('error' in found) return found.error;
  const mempool = ctx.mempool();
  const mine = (mempool?.list() ?? []).filter(
    (p) => !p.competitor && (p.from === found.address || p.to === found.address),
  );
  const page = pageOf(mine, o);
  if (!page.length) return fail('No transactions found', []);
  const ahead = mempool!.ahead;
  return ok(
    page.map((p) => {
      const t = ahead.transactions.at(p.index)!;
      return sorted({
        hash: p.hash,
        nonce: String(t.nonce),
        from: p.from,
        to: p.to ?? '',
        value: String(t.value),
        gas: String(t.gasLimit),
        gasPrice: String(pendingOfferOf(t, false).gasPrice),
        input: inputOf(factsOf(ahead), p.index),
        contractAddress: t.createdId === NONE ? '' : ahead.accounts[t.createdId]!.lower,
        cumulativeGasUsed: '',
        gasUsed: '',
      });
    }),
  );
};

const listaccounts: Action = (ctx, params) => {
  const o = listOptions(params, 10);
  if (o.windowTooLarge) return fail(WINDOW_MESSAGE);
  const ids = Array.from({ length: ctx.chain.accounts.length }, (_, id) => id);
  const page = pageOf(ids, o);
  return ok(
    page.map((id) => ({
      address: ctx.chain.accounts[id]!.lower,
      balance: String(ctx.chain.accounts[id]!.balance),
      stale: false,
    })),
  );
};

/** `eth_get_balance`: a JSON-RPC answer in the explorer's own text (spaces, a newline), its errors with HTTP 400 and 404. */
const ethGetBalance: Action = (ctx, params) => {
  const answer = (status: number, part: string) => ({ status, body: `{"jsonrpc":"2.0",${part},"id": 0}\n` });
  const raw = params.get('address');
  if (raw === undefined) return answer(400, `"error": "${ADDRESS_REQUIRED}"`);
  const address = addressOf(raw);
  if (!address) return answer(400, '"error": "Invalid address hash"');
  const block = params.get('block') ?? 'latest';
  const asked = integerOf(block);
  const height =
    block === 'latest' || block === 'pending'
      ? ctx.chain.headHeight
      : block === 'earliest'
        ? 0
        : asked !== undefined && asked >= 0
          ? Math.min(asked, ctx.chain.headHeight)
          : undefined;
  if (height === undefined) return answer(400, '"error": "Invalid block"');
  const id = ctx.chain.accountByHash.get(address);
  if (id === undefined) return answer(404, '"error": "Balance not found"');
  return answer(200, `"result": "0x${balanceAt(ctx.facts, id, height).toString(16)}"`);
};

export const accountActions: Readonly<Record<string, Action>> = {
  eth_get_balance: ethGetBalance,
  balance(ctx, params) {
    const list = addressList(params);
    if (typeof list === 'string') return fail(list);
    return list.length === 1 ? ok(balanceOf(ctx, list[0]!)) : balanceMulti(ctx, list);
  },
  balancemulti(ctx, params) {
    const list = addressList(params);
    return typeof list === 'string' ? fail(list) : balanceMulti(ctx, list);
  },
  txlist,
  txlistinternal,
  tokentx: tokenTransfers('ERC-20'),
  tokennfttx: tokenTransfers('ERC-721'),
  token1155tx: tokenTransfers('ERC-1155'),
  token404tx: tokenTransfers('ERC-404'),
  tokenbalance,
  tokenlist,
  getminedblocks,
  pendingtxlist,
  listaccounts,
};
