import { instanceHoldersOf, instancesOf, tokenOf, transfersOfNft, transfersOfToken } from '../../domain/tokens.js';
import { tokenInstanceJson } from '../../views/tokenInstance.js';
import type { EndpointHandler } from '../endpoint.js';
import { invalidParameter, notFound } from '../errors.js';
import { EMPTY_PAGE, identity, pageResponse, takePage } from '../paging.js';
import { textQuery } from '../params.js';
import { jsonResponse } from '../response.js';
import { tokenTransferPage } from '../tokenTransferPage.js';
import { holdersPage, tokenContractOf } from './tokens.js';

/** An NFT id from the path (a uint256 in decimal); 422 otherwise. */
function nftIdParam(raw: string): bigint {
  if (!/^\d{1,78}$/.test(raw)) throw invalidParameter('/token_id_param', 'Invalid integer');
  return BigInt(raw);
}

/** `/tokens/{h}/instances`: its NFTs, id descending; cursor `unique_token`. */
export const tokenInstances: EndpointHandler = (ctx, [raw], query) => {
  const id = tokenContractOf(ctx, raw!);
  if (tokenOf(ctx.facts, id).type === 'ERC-20') return EMPTY_PAGE;
  const cursor = textQuery(query, 'unique_token');
  if (cursor !== null && !/^\d{1,78}$/.test(cursor)) throw invalidParameter('/unique_token', 'Invalid integer');
  const list = instancesOf(ctx.facts, id);
  const page = takePage(identity(list.length), false, cursor === null ? null : (k) => list[k]!.nftId < BigInt(cursor));
  const last = list[page.elements[page.elements.length - 1] ?? 0];
  return pageResponse(
    page.elements.map((k) => tokenInstanceJson(ctx, id, list[k]!.nftId, list[k]!.owner)),
    page.more && last ? { unique_token: String(last.nftId) } : null,
  );
};

/** `/tokens/{h}/instances/{id}`: one NFT; 404 for an id that does not exist. */
export const tokenInstance: EndpointHandler = (ctx, [raw, rawId]) => {
  const id = tokenContractOf(ctx, raw!);
  const nftId = nftIdParam(rawId!);
  const found = instancesOf(ctx.facts, id).find((x) => x.nftId === nftId);
  if (!found) throw notFound();
  return { status: 200, body: tokenInstanceJson(ctx, id, found.nftId, found.owner) };
};

/** `/tokens/{h}/instances/{id}/transfers-count`. */
export const tokenInstanceTransfersCount: EndpointHandler = (ctx, [raw, rawId]) => {
  const id = tokenContractOf(ctx, raw!);
  const nftId = nftIdParam(rawId!);
  let count = 0;
  for (const t of transfersOfToken(ctx.facts, id))
    count += ctx.chain.tokenTransfers.at(t)!.tokenIds?.filter((x) => x === nftId).length ?? 0;
  return jsonResponse(200, { transfers_count: count });
};

/** `/tokens/{h}/instances/{id}/transfers`: that NFT's transfers, newest first. */
export const tokenInstanceTransfers: EndpointHandler = (ctx, [raw, rawId], query) => {
  const id = tokenContractOf(ctx, raw!);
  const nftId = nftIdParam(rawId!);
  return tokenTransferPage(ctx, transfersOfNft(ctx.facts, id, nftId), query);
};

/**
 * `/tokens/{h}/instances/{id}/holders`: who holds that id now, value then address descending
 * (`TokenController.holders_by_instance`); 404 for an ERC-20. An ERC-721 id lists none: the
 * explorer keeps one balance per holder of the whole ERC-721 token, without ids.
 */
export const tokenInstanceHolders: EndpointHandler = (ctx, [raw, rawId], query) => {
  const id = tokenContractOf(ctx, raw!);
  if (tokenOf(ctx.facts, id).type === 'ERC-20') throw notFound();
  const nftId = nftIdParam(rawId!);
  return holdersPage(ctx, instanceHoldersOf(ctx.facts, id, nftId), nftId, query);
};
