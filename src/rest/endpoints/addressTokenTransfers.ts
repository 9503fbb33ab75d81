import { accountOf, addressParam, enumQuery, hashQuery, integerQuery, tokenTypesQuery } from '../params.js';
import { EMPTY_PAGE } from '../paging.js';
import { filteredList } from '../context.js';
import type { EndpointHandler } from '../endpoint.js';
import { tokenTransferPage } from '../tokenTransferPage.js';

/**
 * 4 · `/addresses/{hash}/token-transfers`: newest first (block, then log index, descending),
 * ERC-1155 batches flattened; a page never ends inside a batch.
 */
export const addressTokenTransfers: EndpointHandler = (ctx, [raw], query) => {
  const { chain } = ctx;
  const id = accountOf(chain, addressParam(raw!));
  const types = tokenTypesQuery(query, 'type');
  const direction = enumQuery(query, 'filter', ['to', 'from'] as const);
  const tokenLower = hashQuery(query, 'token', 40);
  // Cursor values are validated before the address is looked up.
  integerQuery(query, 'block_number');
  integerQuery(query, 'index');
  if (id === undefined) return EMPTY_PAGE;
  const tokenId = tokenLower === undefined ? undefined : accountOf(chain, tokenLower);
  if (tokenLower !== undefined && tokenId === undefined) return EMPTY_PAGE;

  let list = chain.indexes.at(id)!.tokenTransfers;
  if (types || direction || tokenId !== undefined) {
    const key = `tt:${id}:${types ? [...types].sort().join(',') : ''}:${direction ?? ''}:${tokenId ?? ''}`;
    list = filteredList(ctx, key, list, (t) => {
      const transfer = chain.tokenTransfers.at(t)!;
      if (direction === 'to' && transfer.toId !== id) return false;
      if (direction === 'from' && transfer.fromId !== id) return false;
      if (tokenId !== undefined && transfer.tokenId !== tokenId) return false;
      return !types || types.has(chain.accounts[transfer.tokenId]!.contract!.token!.type);
    });
  }
  return tokenTransferPage(ctx, list, query);
};
