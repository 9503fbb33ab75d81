import { accountOf, addressParam, enumQuery, hashQuery, integerQuery, tokenTypesQuery } from '../params.js';
import { compareTuples, EMPTY_PAGE, pageResponse, takePage } from '../paging.js';
import { filteredList } from '../context.js';
import type { Handler } from '../handler.js';
import { cachedJson } from '../../views/context.js';
import { itemsOf, tokenTransferView } from '../../views/tokenTransfer.js';

/**
 * 4 · `/addresses/{hash}/token-transfers`: newest first (block, then log index, descending),
 * ERC-1155 batches flattened; a page never ends inside a batch.
 */
export const addressTokenTransfers: Handler = (ctx, [raw], query) => {
  const { chain } = ctx;
  const id = accountOf(chain, addressParam(raw!));
  const types = tokenTypesQuery(query, 'type');
  const direction = enumQuery(query, 'filter', ['to', 'from'] as const);
  const tokenLower = hashQuery(query, 'token', 40);
  const blockNumber = integerQuery(query, 'block_number');
  const logIndex = integerQuery(query, 'index');
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
  const cursor = blockNumber === undefined ? null : [blockNumber, logIndex ?? Number.MAX_SAFE_INTEGER];
  const page = takePage(list, true, cursor && ((t) => compareTuples([chain.tokenTransfers.at(t)!.block, chain.tokenTransfers.at(t)!.logIndex], cursor) < 0), {
    weight: (t) => itemsOf(chain.tokenTransfers.at(t)!),
  });
  const items: string[] = [];
  for (const t of page.elements) {
    for (let k = 0; k < itemsOf(chain.tokenTransfers.at(t)!); k++) items.push(cachedJson(ctx, `tt:${t}:${k}`, () => tokenTransferView(ctx, t, k)));
  }
  const last = chain.tokenTransfers.at(page.elements[page.elements.length - 1] ?? 0);
  return pageResponse(items, page.more && last ? { block_number: last.block, index: last.logIndex } : null);
};
