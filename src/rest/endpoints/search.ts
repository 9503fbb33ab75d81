import { ApiError } from '../errors.js';
import { integerQuery } from '../params.js';
import type { RestContext } from '../context.js';
import { pageResponse } from '../paging.js';
import type { EndpointHandler } from '../endpoint.js';
import { jsonResponse } from '../response.js';
import { accountIdOfEnsName, hasCode, isVerified } from '../../domain/accounts.js';
import { contractsWithCode } from '../../domain/contracts.js';
import { isoTimestamp } from '../../views/isoTimestamp.js';
import { lazyModules } from '../../domain/lazyModules.js';

type Item = Record<string, unknown>;

const ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/;
const HASH = /^(0x)?[0-9a-fA-F]{64}$/;

function queryOf(query: URLSearchParams): string {
  const q = query.get('q');
  if (q === null) throw new ApiError(400, 'q is required');
  return q.trim();
}

function addressItem(ctx: RestContext, id: number, type: 'address' | 'contract'): Item {
  const a = ctx.chain.accounts[id]!;
  return {
    type,
    name: a.name,
    address_hash: a.hash,
    url: `/address/${a.hash}`,
    is_smart_contract_verified: isVerified(a),
    ens_info: null,
    certified: false,
    priority: 0,
    reputation: 'ok',
    is_smart_contract_address: hasCode(a),
  };
}

function tokenItem(ctx: RestContext, id: number): Item {
  const a = ctx.chain.accounts[id]!;
  const t = a.contract!.token!;
  return {
    type: 'token',
    name: t.name,
    symbol: t.symbol,
    address_hash: a.hash,
    token_url: `/token/${a.hash}`,
    address_url: `/address/${a.hash}`,
    icon_url: t.iconUrl,
    token_type: t.type,
    is_smart_contract_verified: isVerified(a),
    exchange_rate: t.exchangeRate,
    total_supply: String(t.totalSupply),
    circulating_market_cap: null,
    is_verified_via_admin_panel: false,
    certified: false,
    priority: 2,
    reputation: 'ok',
    is_smart_contract_address: true,
  };
}

/** The name service the explorer's ENS results name (BENS's protocol record for ENS). */
const ENS_PROTOCOL = {
  id: 'ens',
  short_name: 'ENS',
  title: 'Ethereum Name Service',
  description:
    'The Ethereum Name Service (ENS) is a distributed, open, and extensible naming system based on the Ethereum blockchain.',
  deployment_blockscout_base_url: 'https://eth.blockscout.com/',
  tld_list: ['eth'],
  icon_url: 'https://i.imgur.com/GOfUwCb.jpeg',
  docs_url: 'https://docs.ens.domains/',
};

/**
 * The explorer's ENS result (`type: ens_domain`, Blockscout profile only: a name service is
 * configured there): the address row the name resolves to, with what the name service says of it.
 */
function ensItem(ctx: RestContext, id: number): Item {
  const a = ctx.chain.accounts[id]!;
  return {
    ...addressItem(ctx, id, 'address'),
    type: 'ens_domain',
    ens_info: {
      address_hash: a.hash,
      expiry_date: null,
      name: a.ensName,
      names_count: 1,
      protocol: ENS_PROTOCOL,
      protocol_dapp_logo: null,
      protocol_dapp_url: null,
    },
    priority: 4,
  };
}

/** The account a query names by its ENS name, in the Blockscout profile. */
const ensMatch = (ctx: RestContext, q: string): number | undefined =>
  ctx.profile === 'blockscout' && /\w+\.\w+/.test(q) ? accountIdOfEnsName(ctx.facts, q) : undefined;

const blockItem = (ctx: RestContext, height: number, hash?: string): Item => {
  const b = hash ? ctx.chain.blockByHash.get(hash)! : ctx.chain.blocks.at(height)!;
  return {
    type: 'block',
    block_number: b.height,
    block_hash: b.hash,
    url: `/block/${b.hash}`,
    timestamp: isoTimestamp(b.timestamp),
    block_type: b.type,
    priority: 3,
  };
};

/** Everything a query finds, as the explorer classifies it: an address, a hash, a block number, or text. */
function searchResults(ctx: RestContext, q: string): Item[] {
  const { chain } = ctx;
  const items: Item[] = [];
  if (ADDRESS.test(q)) {
    const lower = `0x${q.slice(-40).toLowerCase()}`;
    const id = chain.accountByHash.get(lower);
    if (id !== undefined) {
      if (chain.accounts[id]!.contract?.token) items.push(tokenItem(ctx, id));
      items.push(addressItem(ctx, id, 'address'));
    }
    return items;
  }
  if (HASH.test(q)) {
    const hash = `0x${q.slice(-64).toLowerCase()}`;
    const t = chain.transactionByHash.get(hash);
    if (t !== undefined)
      items.push({
        type: 'transaction',
        transaction_hash: hash,
        url: `/tx/${hash}`,
        timestamp: isoTimestamp(chain.blocks.at(chain.transactions.at(t)!.block)!.timestamp),
        priority: 0,
      });
    if (chain.blockByHash.get(hash)) items.push(blockItem(ctx, 0, hash));
    return items;
  }
  if (/^\d+$/.test(q) && q.length <= 15 && Number(q) <= chain.headHeight) items.push(blockItem(ctx, Number(q)));
  const ens = ensMatch(ctx, q);
  if (ens !== undefined) items.push(ensItem(ctx, ens));
  if (q.length < 3) return items;
  const needle = q.toLowerCase();
  const named = contractsWithCode(ctx.facts);
  for (const id of named) {
    const t = chain.accounts[id]!.contract!.token;
    if (t && (t.name.toLowerCase().includes(needle) || t.symbol.toLowerCase().includes(needle)))
      items.push(tokenItem(ctx, id));
  }
  for (const id of named)
    if (chain.accounts[id]!.contract!.name.toLowerCase().includes(needle) && isVerified(chain.accounts[id]!))
      items.push(addressItem(ctx, id, 'contract'));
  return items;
}

/** `/search?q=`: tokens, contracts, addresses, blocks and transactions the query names; offset cursor `items_count`. */
export const search: EndpointHandler = (ctx, _params, query) => {
  const q = queryOf(query);
  const offset = integerQuery(query, 'items_count') ?? 0;
  const all = searchResults(ctx, q);
  return pageResponse(
    all.slice(offset, offset + 50).map((x) => JSON.stringify(x)),
    offset + 50 < all.length ? { next_page_params_type: 'search', q, items_count: offset + 50 } : null,
  );
};

/** `/search/quick?q=`: the first results, a bare array. */
export const quickSearch: EndpointHandler = (ctx, _params, query) =>
  jsonResponse(200, searchResults(ctx, queryOf(query)).slice(0, 50));

/** `/search/check-redirect?q=`: where a query that names one entity should go. */
export const checkRedirect: EndpointHandler = (ctx, _params, query) => {
  const q = queryOf(query);
  const { chain } = ctx;
  const none = { redirect: false, type: null, parameter: null };
  if (ADDRESS.test(q))
    return jsonResponse(200, {
      redirect: true,
      type: 'address',
      parameter: lazyModules.checksum.get().checksum(`0x${q.slice(-40).toLowerCase()}`),
    });
  if (HASH.test(q)) {
    const hash = `0x${q.slice(-64).toLowerCase()}`;
    if (chain.transactionByHash.get(hash) !== undefined)
      return jsonResponse(200, { redirect: true, type: 'transaction', parameter: hash });
    if (chain.blockByHash.get(hash)) return jsonResponse(200, { redirect: true, type: 'block', parameter: hash });
    return jsonResponse(200, none);
  }
  if (/^\d+$/.test(q) && q.length <= 15 && Number(q) <= chain.headHeight)
    return jsonResponse(200, { redirect: true, type: 'block', parameter: chain.blocks.at(Number(q))!.hash });
  const ens = ensMatch(ctx, q);
  if (ens !== undefined)
    return jsonResponse(200, { redirect: true, type: 'address', parameter: chain.accounts[ens]!.hash });
  return jsonResponse(200, none);
};
