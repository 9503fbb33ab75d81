import {
  accountOf,
  addressParam,
  bigintQuery,
  enumQuery,
  hashQuery,
  integerQuery,
  tokenTypesQuery,
} from '../params.js';
import { compareTuples, EMPTY_PAGE, identity, pageResponse, takePage } from '../paging.js';
import { filteredList } from '../context.js';
import type { EndpointHandler } from '../endpoint.js';
import { jsonResponse } from '../response.js';
import { balanceChanges } from '../../domain/balances.js';
import { logBlockOf, logIndexOf } from '../../chain/logs.js';
import { blockJson } from '../../views/block.js';
import { cachedJson, cachedObject } from '../../views/context.js';
import { isoTimestamp } from '../../views/format.js';
import { logJson, logView } from '../../views/log.js';
import { collectionInstanceView } from '../../views/tokenInstance.js';
import { token } from '../../views/token.js';
import { itemsOf } from '../../views/tokenTransfer.js';

/** Tab counts stop at this: 51 means "more than 50", as the explorer counts them. */
const TAB_LIMIT = 51;

const tokenTransferItems = (ctx: Parameters<EndpointHandler>[0], id: number) => {
  let n = 0;
  for (const t of ctx.chain.indexes.at(id)!.tokenTransfers) n += itemsOf(ctx.chain.tokenTransfers.at(t)!);
  return n;
};

/** `/addresses/{h}/counters`: exact counts, as strings. */
export const addressCounters: EndpointHandler = (ctx, [raw]) => {
  const id = accountOf(ctx.chain, addressParam(raw!));
  if (id === undefined)
    return jsonResponse(200, {
      transactions_count: '0',
      token_transfers_count: '0',
      gas_usage_count: '0',
      validations_count: '0',
    });
  const index = ctx.chain.indexes.at(id)!;
  const gasOf = (list: Int32Array, incoming: boolean) =>
    list.reduce((sum, t) => {
      const transaction = ctx.chain.transactions.at(t)!;
      return incoming && transaction.toId !== id ? sum : sum + transaction.gasUsed;
    }, 0);
  // As Blockscout counts it: a contract's gas usage is that of the transactions sent to it (not its creation; of those it sent when none were); an EOA's, of those it sent.
  const gas =
    (ctx.chain.accounts[id]!.contract && gasOf(index.transactionsTo, true)) || gasOf(index.transactionsFrom, false);
  return jsonResponse(200, {
    transactions_count: String(index.transactions.length),
    token_transfers_count: String(tokenTransferItems(ctx, id)),
    gas_usage_count: String(gas),
    validations_count: String(index.minedBlocks.length),
  });
};

/** `/addresses/{h}/tabs-counters`: each tab's item count, capped at 51. */
export const addressTabsCounters: EndpointHandler = (ctx, [raw]) => {
  const id = accountOf(ctx.chain, addressParam(raw!));
  const keys = [
    'validations_count',
    'transactions_count',
    'token_transfers_count',
    'token_balances_count',
    'logs_count',
    'withdrawals_count',
    'internal_transactions_count',
  ];
  if (id === undefined) return jsonResponse(200, Object.fromEntries(keys.map((k) => [k, 0])));
  const index = ctx.chain.indexes.at(id)!;
  const counts = [
    index.minedBlocks.length,
    index.transactions.length,
    tokenTransferItems(ctx, id),
    index.holdings.length,
    index.logs.length,
    index.withdrawals.length,
    index.internalTransactions.length,
  ];
  return jsonResponse(200, Object.fromEntries(keys.map((k, i) => [k, Math.min(counts[i]!, TAB_LIMIT)])));
};

/** The address's balance after each block that changed it (oldest first): block, first transaction, delta, value. */
function balanceSteps(ctx: Parameters<EndpointHandler>[0], id: number) {
  return cachedObject(ctx, `balances:${id}`, () => {
    const steps: { block: number; transaction: number; delta: bigint; value: bigint }[] = [];
    let value = 0n;
    for (const c of balanceChanges(ctx.chain, id)) {
      value += c.delta;
      const last = steps[steps.length - 1];
      if (last && last.block === c.block) {
        last.delta += c.delta;
        last.value = value;
        if (last.transaction === -1) last.transaction = c.transaction;
      } else steps.push({ block: c.block, transaction: c.transaction, delta: c.delta, value });
    }
    return steps.filter((s) => s.delta !== 0n);
  });
}

/** `/addresses/{h}/coin-balance-history`: the balance after each block that changed it, newest first; cursor `block_number`. */
export const addressCoinBalanceHistory: EndpointHandler = (ctx, [raw], query) => {
  const id = accountOf(ctx.chain, addressParam(raw!));
  const blockNumber = integerQuery(query, 'block_number');
  const itemsCount = integerQuery(query, 'items_count') ?? 0;
  if (id === undefined) return EMPTY_PAGE;
  const steps = balanceSteps(ctx, id);
  const page = takePage(
    identity(steps.length),
    true,
    blockNumber === undefined ? null : (k) => steps[k]!.block < blockNumber,
  );
  const last = steps[page.elements[page.elements.length - 1] ?? 0];
  return pageResponse(
    page.elements.map((k) => {
      const s = steps[k]!;
      return JSON.stringify({
        transaction_hash: s.transaction === -1 ? null : ctx.chain.transactions.at(s.transaction)!.hash,
        block_number: s.block,
        delta: String(s.delta),
        value: String(s.value),
        block_timestamp: isoTimestamp(ctx.chain.blocks.at(s.block)!.timestamp),
      });
    }),
    page.more && last ? { block_number: last.block, items_count: itemsCount + page.elements.length } : null,
  );
};

/** Days the by-day history covers, ending on the head block's day (the explorer's default). */
const HISTORY_DAYS = 10;

/** `/addresses/{h}/coin-balance-history-by-day`: the balance at the end of each of the last days that had one. */
export const addressCoinBalanceHistoryByDay: EndpointHandler = (ctx, [raw]) => {
  const id = accountOf(ctx.chain, addressParam(raw!));
  if (id === undefined) return jsonResponse(200, { items: [], days: HISTORY_DAYS });
  const day = (height: number) => isoTimestamp(ctx.chain.blocks.at(height)!.timestamp).slice(0, 10);
  const head = ctx.chain.blocks.at(ctx.chain.headHeight)!;
  const first = new Date((head.timestamp - (HISTORY_DAYS - 1) * 86_400) * 1000).toISOString().slice(0, 10);
  const byDay = new Map<string, bigint>();
  for (const s of balanceSteps(ctx, id)) byDay.set(day(s.block), s.value);
  const items = [...byDay].filter(([date]) => date >= first).map(([date, value]) => ({ date, value: String(value) }));
  return jsonResponse(200, { items, days: HISTORY_DAYS });
};

/** `/addresses/{h}/logs`: the logs it emitted, newest first; `topic` matches any topic; cursor `block_number`, `index`. */
export const addressLogs: EndpointHandler = (ctx, [raw], query) => {
  const { chain } = ctx;
  const id = accountOf(chain, addressParam(raw!));
  const topic = hashQuery(query, 'topic', 64);
  const blockNumber = integerQuery(query, 'block_number');
  const index = integerQuery(query, 'index');
  const itemsCount = integerQuery(query, 'items_count') ?? 0;
  if (id === undefined) return EMPTY_PAGE;
  let list = chain.indexes.at(id)!.logs;
  if (topic)
    list = filteredList(ctx, `logs:${id}:${topic}`, list, (ref) => logView(ctx, ref, false).topics.includes(topic));
  const cursor = blockNumber === undefined ? null : [blockNumber, index ?? Number.MAX_SAFE_INTEGER];
  const page = takePage(
    list,
    true,
    cursor && ((ref) => compareTuples([logBlockOf(chain, ref), logIndexOf(chain, ref)], cursor) < 0),
  );
  const last = page.elements[page.elements.length - 1];
  return pageResponse(
    page.elements.map((ref) => logJson(ctx, ref, true)),
    page.more && last !== undefined
      ? {
          block_number: logBlockOf(chain, last),
          index: logIndexOf(chain, last),
          items_count: itemsCount + page.elements.length,
          ...(topic ? { topic } : {}),
        }
      : null,
  );
};

/** `/addresses/{h}/blocks-validated`: blocks it mined, newest first; cursor `block_number`. */
export const addressBlocksValidated: EndpointHandler = (ctx, [raw], query) => {
  const id = accountOf(ctx.chain, addressParam(raw!));
  const blockNumber = integerQuery(query, 'block_number');
  const itemsCount = integerQuery(query, 'items_count') ?? 0;
  if (id === undefined) return EMPTY_PAGE;
  const page = takePage(
    ctx.chain.indexes.at(id)!.minedBlocks,
    true,
    blockNumber === undefined ? null : (h) => h < blockNumber,
  );
  const last = page.elements[page.elements.length - 1];
  return pageResponse(
    page.elements.map((h) => blockJson(ctx, ctx.chain.blocks.at(h)!)),
    page.more && last !== undefined ? { block_number: last, items_count: itemsCount + page.elements.length } : null,
  );
};

const NFT_TYPES = ['ERC-721', 'ERC-1155', 'ERC-404'] as const;

/** `/addresses/{h}/nft`: every NFT the address holds, flat: by type (ERC-721, ERC-1155, ERC-404), then contract ascending, then id descending; the explorer's cursor. */
export const addressNft: EndpointHandler = (ctx, [raw], query) => {
  const { chain } = ctx;
  const id = accountOf(chain, addressParam(raw!));
  const types = tokenTypesQuery(query, 'type', [...NFT_TYPES]);
  const cursorToken = hashQuery(query, 'token_contract_address_hash', 40);
  const cursorId = bigintQuery(query, 'token_id');
  const cursorType = enumQuery(query, 'token_type', NFT_TYPES);
  const itemsCount = integerQuery(query, 'items_count') ?? 0;
  if (id === undefined) return EMPTY_PAGE;
  const typeOf = (tokenId: number) => chain.accounts[tokenId]!.contract!.token!.type;
  const rank = (type: string) => NFT_TYPES.indexOf(type as (typeof NFT_TYPES)[number]);
  const rows = cachedObject(ctx, `nft:${id}:${types ? [...types].sort().join(',') : ''}`, () =>
    chain.indexes
      .at(id)!
      .nftCollections.filter((c) => !types || types.has(typeOf(c.tokenId)))
      .flatMap((c) =>
        c.instances.map((x) => ({
          tokenId: c.tokenId,
          lower: chain.accounts[c.tokenId]!.lower,
          rank: rank(typeOf(c.tokenId)),
          id: x.id,
          value: x.value,
        })),
      )
      .sort(
        (a, b) =>
          a.rank - b.rank ||
          (a.lower < b.lower ? -1 : a.lower > b.lower ? 1 : 0) ||
          (a.id > b.id ? -1 : a.id < b.id ? 1 : 0),
      ),
  );
  const after =
    cursorToken === undefined
      ? null
      : (k: number) => {
          const r = rows[k]!;
          const t = rank(cursorType ?? 'ERC-721');
          return (
            r.rank > t ||
            (r.rank === t && (r.lower > cursorToken || (r.lower === cursorToken && r.id < (cursorId ?? 0n))))
          );
        };
  const page = takePage(identity(rows.length), false, after);
  const last = rows[page.elements[page.elements.length - 1] ?? -1];
  return pageResponse(
    page.elements.map((k) => {
      const r = rows[k]!;
      return cachedJson(ctx, `nftitem:${id}:${r.tokenId}:${r.id}`, () => ({
        ...collectionInstanceView(ctx, r.tokenId, r.id, id, r.value),
        token: token(ctx, r.tokenId),
      }));
    }),
    page.more && last
      ? {
          token_contract_address_hash: chain.accounts[last.tokenId]!.hash,
          token_id: String(last.id),
          token_type: typeOf(last.tokenId),
          items_count: itemsCount + page.elements.length,
        }
      : null,
  );
};
