import { notFound } from '../errors.js';
import { hashQuery, integerQuery, tokenTypesQuery, transactionHashParam } from '../params.js';
import { compareTuples, pageResponse, PAGE_SIZE } from '../paging.js';
import type { EndpointHandler } from '../endpoint.js';
import { itemsOf } from '../../domain/transactions.js';
import { tokenTransferJson } from '../../views/tokenTransfer.js';

/**
 * 11 · `/transactions/{hash}/token-transfers`: log index ascending, then position inside an
 * ERC-1155 batch. The cursor can point inside a batch (`index_in_batch`); the real explorer's
 * `{block_number, index}` form is accepted too.
 */
export const transactionTokenTransfers: EndpointHandler = (ctx, [raw], query) => {
  const { chain } = ctx;
  const index = chain.transactionByHash.get(transactionHashParam(raw!));
  const types = tokenTypesQuery(query, 'type');
  const batchLogIndex = integerQuery(query, 'batch_log_index');
  const indexInBatch = integerQuery(query, 'index_in_batch');
  hashQuery(query, 'batch_block_hash', 64);
  hashQuery(query, 'batch_transaction_hash', 64);
  integerQuery(query, 'block_number');
  const plainLogIndex = integerQuery(query, 'index');
  if (index === undefined) throw notFound();
  const transaction = chain.transactions.at(index)!;
  const block = chain.blocks.at(transaction.block)!;
  // Items in order: [transfer, position in batch]. A transaction holds at most a few hundred.
  const cursor =
    batchLogIndex !== undefined
      ? [batchLogIndex, indexInBatch ?? 0]
      : plainLogIndex !== undefined
        ? [plainLogIndex, Number.MAX_SAFE_INTEGER]
        : null;
  const items: [number, number][] = [];
  let more = false;
  for (
    let t = transaction.tokenTransferStart;
    t < transaction.tokenTransferStart + transaction.tokenTransferCount && !more;
    t++
  ) {
    const transfer = chain.tokenTransfers.at(t)!;
    if (types && !types.has(chain.accounts[transfer.tokenId]!.contract!.token!.type)) continue;
    for (let k = 0; k < itemsOf(transfer); k++) {
      if (cursor && compareTuples([transfer.logIndex, k], cursor) <= 0) continue;
      if (items.length === PAGE_SIZE) {
        more = true;
        break;
      }
      items.push([t, k]);
    }
  }
  const last = items[items.length - 1];
  const next =
    more && last
      ? {
          batch_block_hash: block.hash,
          batch_log_index: chain.tokenTransfers.at(last[0])!.logIndex,
          batch_transaction_hash: transaction.hash,
          index_in_batch: last[1],
        }
      : null;
  return pageResponse(
    items.map(([t, k]) => tokenTransferJson(ctx, t, k)),
    next,
  );
};
