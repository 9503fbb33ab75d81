import { accountIdOf } from '../../domain/accounts.js';
import { tokenTransfersOf } from '../../domain/tokens.js';
import type { EndpointHandler } from '../endpoint.js';
import { EMPTY_PAGE } from '../paging.js';
import { addressParam, enumQuery, hashQuery, integerQuery, tokenTypesQuery } from '../params.js';
import { tokenTransferPage } from '../tokenTransferPage.js';

/**
 * 4 · `/addresses/{hash}/token-transfers`: newest first (block, then log index, descending),
 * ERC-1155 batches flattened; a page never ends inside a batch.
 */
export const addressTokenTransfers: EndpointHandler = (ctx, [raw], query) => {
  const { chain } = ctx;
  const id = accountIdOf(chain, addressParam(raw!));
  const types = tokenTypesQuery(query, 'type');
  const direction = enumQuery(query, 'filter', ['to', 'from'] as const);
  const tokenLower = hashQuery(query, 'token', 40);
  // Cursor values are validated before the address is looked up.
  integerQuery(query, 'block_number');
  integerQuery(query, 'index');
  if (id === undefined) return EMPTY_PAGE;
  const tokenId = tokenLower === undefined ? undefined : accountIdOf(chain, tokenLower);
  if (tokenLower !== undefined && tokenId === undefined) return EMPTY_PAGE;
  return tokenTransferPage(ctx, tokenTransfersOf(ctx.facts, id, { types, direction, tokenId }), query);
};
