import { accountIdOf } from '../../domain/accounts.js';
import { nftsHeldBy, tokenOf } from '../../domain/tokens.js';
import { heldNftJson } from '../../views/tokenInstance.js';
import type { EndpointHandler } from '../endpoint.js';
import { EMPTY_PAGE, identity, pageResponse, takePage } from '../paging.js';
import { addressParam, bigintQuery, enumQuery, hashQuery, integerQuery, tokenTypesQuery } from '../params.js';

const NFT_TYPES = ['ERC-721', 'ERC-1155', 'ERC-404'] as const;

/** `/addresses/{h}/nft`: every NFT the address holds, flat: by type (ERC-721, ERC-1155, ERC-404), then contract ascending, then id descending; the explorer's cursor. */
export const addressNft: EndpointHandler = (ctx, [raw], query) => {
  const { chain } = ctx;
  const id = accountIdOf(chain, addressParam(raw!));
  const types = tokenTypesQuery(query, 'type', [...NFT_TYPES]);
  const cursorToken = hashQuery(query, 'token_contract_address_hash', 40);
  const cursorId = bigintQuery(query, 'token_id');
  const cursorType = enumQuery(query, 'token_type', NFT_TYPES);
  const itemsCount = integerQuery(query, 'items_count') ?? 0;
  if (id === undefined) return EMPTY_PAGE;
  const rows = nftsHeldBy(ctx.facts, id, types);
  const after =
    cursorToken === undefined
      ? null
      : (k: number) => {
          const r = rows[k]!;
          const t = NFT_TYPES.indexOf(cursorType ?? 'ERC-721');
          return (
            r.rank > t ||
            (r.rank === t && (r.lower > cursorToken || (r.lower === cursorToken && r.id < (cursorId ?? 0n))))
          );
        };
  const page = takePage(identity(rows.length), false, after);
  const last = rows[page.elements[page.elements.length - 1] ?? -1];
  return pageResponse(
    page.elements.map((k) => heldNftJson(ctx, id, rows[k]!.tokenId, rows[k]!.id, rows[k]!.value)),
    page.more && last
      ? {
          token_contract_address_hash: chain.accounts[last.tokenId]!.hash,
          token_id: String(last.id),
          token_type: tokenOf(ctx.facts, last.tokenId).type,
          items_count: itemsCount + page.elements.length,
        }
      : null,
  );
};
