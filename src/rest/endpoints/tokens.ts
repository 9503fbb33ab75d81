import { notFound, invalidParameter } from '../errors.js';
import {
  accountOf,
  addressParam,
  bigintQuery,
  hashQuery,
  integerQuery,
  textQuery,
  tokenTypesQuery,
} from '../params.js';
import { EMPTY_PAGE, identity, pageResponse, takePage } from '../paging.js';
import type { RestContext } from '../context.js';
import type { EndpointHandler } from '../endpoint.js';
import { jsonResponse } from '../response.js';
import { tokenTransferPage } from '../tokenTransferPage.js';
import { cachedJson, cachedObject } from '../../views/context.js';
import { addressRef } from '../../views/addressRef.js';
import { token } from '../../views/token.js';
import { tokenInstanceView } from '../../views/tokenInstance.js';
import { itemsOf } from '../../views/tokenTransfer.js';

/** A non-negative decimal (a fiat value) as a sortable number; null stays null. */
const fiat = (value: string | null): number | null => (value === null ? null : Number(value));

/** Blockscout's default token order: market cap, then fiat value, descending with nulls last; holders descending; name, then address, ascending. */
interface TokenKey {
  readonly marketCap: number | null;
  readonly fiatValue: number | null;
  readonly holders: number;
  readonly name: string;
  readonly address: string;
}

const descNullsLast = (a: number | null, b: number | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : b - a);
const compareTokenKeys = (a: TokenKey, b: TokenKey) =>
  descNullsLast(a.marketCap, b.marketCap) ||
  descNullsLast(a.fiatValue, b.fiatValue) ||
  b.holders - a.holders ||
  (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
  (a.address < b.address ? -1 : a.address > b.address ? 1 : 0);

function tokenKey(ctx: RestContext, id: number): TokenKey {
  const view = token(ctx, id) as { circulating_market_cap: string | null; exchange_rate: string | null };
  const info = ctx.chain.accounts[id]!.contract!.token!;
  return {
    marketCap: fiat(view.circulating_market_cap),
    fiatValue: fiat(view.exchange_rate),
    holders: info.holdersCount,
    name: info.name,
    address: ctx.chain.accounts[id]!.lower,
  };
}

/** Every token contract in the explorer's order, with its sort key (memoised). */
function tokenIds(ctx: RestContext): { ids: number[]; keys: Map<number, TokenKey> } {
  return cachedObject(ctx, 'tokens', () => {
    const ids = ctx.chain.accounts
      .filter((a) => a.contract?.token && a.contract.creationStatus !== 'failed')
      .map((a) => a.id);
    const keys = new Map(ids.map((id) => [id, tokenKey(ctx, id)]));
    return { ids: ids.sort((a, b) => compareTokenKeys(keys.get(a)!, keys.get(b)!)), keys };
  });
}

/** The `/tokens` cursor, when the client sent one: every key of the explorer's `next_page_params`. */
function tokenCursor(query: URLSearchParams): TokenKey | null {
  const address = hashQuery(query, 'contract_address_hash', 40);
  if (address === undefined) return null;
  const decimal = (key: string) => {
    const value = textQuery(query, key);
    if (value !== null && !/^\d+(\.\d+)?$/.test(value)) throw invalidParameter(`/${key}`, 'Invalid number');
    return fiat(value);
  };
  const isNameNull = textQuery(query, 'is_name_null') === 'true';
  return {
    marketCap: decimal('market_cap'),
    fiatValue: decimal('fiat_value'),
    holders: integerQuery(query, 'holders_count') ?? 0,
    name: isNameNull ? '' : (textQuery(query, 'name') ?? ''),
    address,
  };
}

/** The token contract a path names; 404 for an address that is not one. */
function tokenOf(ctx: RestContext, raw: string): number {
  const id = accountOf(ctx.chain, addressParam(raw));
  if (id === undefined || !ctx.chain.accounts[id]!.contract?.token) throw notFound();
  return id;
}

/** An NFT id from the path (a uint256 in decimal); 422 otherwise. */
function nftIdParam(raw: string): bigint {
  if (!/^\d{1,78}$/.test(raw)) throw invalidParameter('/token_id_param', 'Invalid integer');
  return BigInt(raw);
}

/** `/tokens`: every token in the explorer's order; `q` matches name or symbol, `type` filters; the explorer's keyset cursor. */
export const tokens: EndpointHandler = (ctx, _params, query) => {
  const q = textQuery(query, 'q')?.toLowerCase();
  const types = tokenTypesQuery(query, 'type');
  const cursor = tokenCursor(query);
  integerQuery(query, 'items_count');
  const info = (id: number) => ctx.chain.accounts[id]!.contract!.token!;
  const { ids, keys } = tokenIds(ctx);
  const list = ids.filter(
    (id) =>
      (!types || types.has(info(id).type)) &&
      (!q || info(id).name.toLowerCase().includes(q) || info(id).symbol.toLowerCase().includes(q)),
  );
  const page = takePage(list, false, cursor && ((id) => compareTokenKeys(keys.get(id)!, cursor) > 0));
  const last = page.elements[page.elements.length - 1];
  const count = (integerQuery(query, 'items_count') ?? 0) + page.elements.length;
  const view = (id: number) =>
    token(ctx, id) as { circulating_market_cap: string | null; exchange_rate: string | null };
  return pageResponse(
    page.elements.map((id) => JSON.stringify(token(ctx, id))),
    page.more && last !== undefined
      ? {
          contract_address_hash: ctx.chain.accounts[last]!.hash,
          fiat_value: view(last).exchange_rate,
          holders_count: info(last).holdersCount,
          is_name_null: false,
          items_count: count,
          market_cap: view(last).circulating_market_cap,
          name: info(last).name,
        }
      : null,
  );
};

/** `/tokens/{h}`. */
export const tokenDetail: EndpointHandler = (ctx, [raw]) => jsonResponse(200, token(ctx, tokenOf(ctx, raw!)));

/** Positions in `tokenTransfers` of one token's transfers, in chain order (memoised). */
function transfersOfToken(ctx: RestContext, id: number): Int32Array {
  return cachedObject(ctx, `token-transfers:${id}`, () => {
    const out: number[] = [];
    for (const t of ctx.chain.indexes.at(id)!.logs) if (t < 0) out.push(-1 - t);
    return Int32Array.from(out);
  });
}

/** Holders of a token and what each holds, value descending then address descending (memoised). */
function holdersOf(ctx: RestContext, id: number): { holder: number; value: bigint; nftId: bigint | null }[] {
  return cachedObject(ctx, `holders:${id}`, () => {
    const totals = new Map<number, bigint>();
    for (let holder = 0; holder < ctx.chain.indexes.length; holder++) {
      for (const h of ctx.chain.indexes.at(holder)!.holdings)
        if (h.tokenId === id) totals.set(holder, (totals.get(holder) ?? 0n) + h.value);
    }
    const lower = (h: number) => ctx.chain.accounts[h]!.lower;
    return [...totals]
      .filter(([, v]) => v > 0n)
      .map(([holder, value]) => ({ holder, value, nftId: null }))
      .sort((a, b) =>
        a.value !== b.value ? (a.value > b.value ? -1 : 1) : lower(a.holder) > lower(b.holder) ? -1 : 1,
      );
  });
}

/** `/tokens/{h}/counters`. */
export const tokenCounters: EndpointHandler = (ctx, [raw]) => {
  const id = tokenOf(ctx, raw!);
  let transfers = 0;
  for (const t of transfersOfToken(ctx, id)) transfers += itemsOf(ctx.chain.tokenTransfers.at(t)!);
  return jsonResponse(200, {
    token_holders_count: String(ctx.chain.accounts[id]!.contract!.token!.holdersCount),
    transfers_count: String(transfers),
  });
};

/** `/tokens/{h}/transfers`: newest first, as an address's token transfers. */
export const tokenTransfers: EndpointHandler = (ctx, [raw], query) =>
  tokenTransferPage(ctx, transfersOfToken(ctx, tokenOf(ctx, raw!)), query);

/** `/tokens/{h}/holders`: value descending, then address descending; the explorer's cursor `address_hash`, `value`, `items_count`. */
export const tokenHolders: EndpointHandler = (ctx, [raw], query) => {
  const id = tokenOf(ctx, raw!);
  const address = hashQuery(query, 'address_hash', 40);
  const value = bigintQuery(query, 'value');
  const holders = holdersOf(ctx, id);
  const lower = (h: number) => ctx.chain.accounts[h]!.lower;
  const after =
    address === undefined
      ? null
      : (k: number) =>
          holders[k]!.value < (value ?? 0n) ||
          (holders[k]!.value === (value ?? 0n) && lower(holders[k]!.holder) < address);
  const page = takePage(identity(holders.length), false, after);
  const last = holders[page.elements[page.elements.length - 1] ?? -1];
  return pageResponse(
    page.elements.map((k) =>
      JSON.stringify({
        address: addressRef(ctx, holders[k]!.holder),
        value: String(holders[k]!.value),
        token_id: null,
      }),
    ),
    page.more && last
      ? {
          address_hash: ctx.chain.accounts[last.holder]!.hash,
          value: String(last.value),
          items_count: (integerQuery(query, 'items_count') ?? 0) + page.elements.length,
        }
      : null,
  );
};

/** Ids of a token's NFTs that exist, descending, with an owner (memoised). */
function instancesOf(ctx: RestContext, id: number): { nftId: bigint; owner: number }[] {
  return cachedObject(ctx, `instances:${id}`, () => {
    const out = new Map<bigint, number>();
    for (let holder = 0; holder < ctx.chain.indexes.length; holder++) {
      for (const c of ctx.chain.indexes.at(holder)!.nftCollections)
        if (c.tokenId === id) for (const x of c.instances) if (!out.has(x.id)) out.set(x.id, holder);
    }
    return [...out]
      .map(([nftId, owner]) => ({ nftId, owner }))
      .sort((a, b) => (a.nftId > b.nftId ? -1 : a.nftId < b.nftId ? 1 : 0));
  });
}

/** `/tokens/{h}/instances`: its NFTs, id descending; cursor `unique_token`. */
export const tokenInstances: EndpointHandler = (ctx, [raw], query) => {
  const id = tokenOf(ctx, raw!);
  if (ctx.chain.accounts[id]!.contract!.token!.type === 'ERC-20') return EMPTY_PAGE;
  const cursor = textQuery(query, 'unique_token');
  if (cursor !== null && !/^\d{1,78}$/.test(cursor)) throw invalidParameter('/unique_token', 'Invalid integer');
  const list = instancesOf(ctx, id);
  const page = takePage(identity(list.length), false, cursor === null ? null : (k) => list[k]!.nftId < BigInt(cursor));
  const last = list[page.elements[page.elements.length - 1] ?? 0];
  return pageResponse(
    page.elements.map((k) =>
      cachedJson(ctx, `instance:${id}:${list[k]!.nftId}`, () =>
        tokenInstanceView(ctx, id, list[k]!.nftId, list[k]!.owner),
      ),
    ),
    page.more && last ? { unique_token: String(last.nftId) } : null,
  );
};

/** `/tokens/{h}/instances/{id}`: one NFT; 404 for an id that does not exist. */
export const tokenInstance: EndpointHandler = (ctx, [raw, rawId]) => {
  const id = tokenOf(ctx, raw!);
  const nftId = nftIdParam(rawId!);
  const found = instancesOf(ctx, id).find((x) => x.nftId === nftId);
  if (!found) throw notFound();
  return {
    status: 200,
    body: cachedJson(ctx, `instance:${id}:${found.nftId}`, () => tokenInstanceView(ctx, id, found.nftId, found.owner)),
  };
};

/** `/tokens/{h}/instances/{id}/transfers-count`. */
export const tokenInstanceTransfersCount: EndpointHandler = (ctx, [raw, rawId]) => {
  const id = tokenOf(ctx, raw!);
  const nftId = nftIdParam(rawId!);
  let count = 0;
  for (const t of transfersOfToken(ctx, id))
    count += ctx.chain.tokenTransfers.at(t)!.tokenIds?.filter((x) => x === nftId).length ?? 0;
  return jsonResponse(200, { transfers_count: count });
};

/** `/tokens/{h}/instances/{id}/transfers`: that NFT's transfers, newest first. */
export const tokenInstanceTransfers: EndpointHandler = (ctx, [raw, rawId], query) => {
  const id = tokenOf(ctx, raw!);
  const nftId = nftIdParam(rawId!);
  const list = cachedObject(ctx, `instance-transfers:${id}:${nftId}`, () =>
    transfersOfToken(ctx, id).filter((t) => ctx.chain.tokenTransfers.at(t)!.tokenIds?.includes(nftId) ?? false),
  );
  return tokenTransferPage(ctx, list, query);
};
