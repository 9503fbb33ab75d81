import { accountIdOf } from '../../domain/accounts.js';
import { compareCollectionKeys } from '../../chain/order.js';
import type { TokenType } from '../../chain/types.js';
import { addressParam, enumQuery, hashQuery, tokenTypesQuery } from '../params.js';
import { EMPTY_PAGE, identity, pageResponse, takePage } from '../paging.js';
import type { EndpointHandler } from '../endpoint.js';
import { nftCollectionJson } from '../../views/holdings.js';

const NFT_TYPES: readonly TokenType[] = ['ERC-721', 'ERC-1155', 'ERC-404'];

/** 7 · `/addresses/{hash}/nft/collections`: ERC-721, then ERC-1155, then ERC-404, by token address. */
export const addressNftCollections: EndpointHandler = (ctx, [raw], query) => {
  const { chain } = ctx;
  const id = accountIdOf(chain, addressParam(raw!));
  const types = tokenTypesQuery(query, 'type', NFT_TYPES);
  const cursorAddress = hashQuery(query, 'token_contract_address_hash', 40);
  const cursorType = enumQuery(query, 'token_type', NFT_TYPES);
  if (id === undefined) return EMPTY_PAGE;
  const all = chain.indexes.at(id)!.nftCollections;
  const typeOf = (tokenId: number) => chain.accounts[tokenId]!.contract!.token!.type;
  const collections = types ? all.filter((c) => types.has(typeOf(c.tokenId))) : all;
  const keyOf = (i: number) => ({
    type: typeOf(collections[i]!.tokenId),
    address: chain.accounts[collections[i]!.tokenId]!.lower,
  });
  const cursor = cursorAddress === undefined ? null : { type: cursorType ?? 'ERC-721', address: cursorAddress };
  const page = takePage(
    identity(collections.length),
    false,
    cursor && ((i) => compareCollectionKeys(keyOf(i), cursor) > 0),
  );
  const items = page.elements.map((i) => nftCollectionJson(ctx, collections[i]!, id));
  const last = page.elements[page.elements.length - 1];
  return pageResponse(
    items,
    page.more && last !== undefined
      ? { token_contract_address_hash: keyOf(last).address, token_type: keyOf(last).type }
      : null,
  );
};
