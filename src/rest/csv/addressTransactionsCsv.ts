import { transactionsInDirection } from '../../domain/accounts.js';
import { utcDay } from '../../domain/chainStats.js';
import { coinPriceOn } from '../../domain/coinPrices.js';
import { feesOf, methodName, resultOf } from '../../domain/transactions.js';
import { blockscoutMethodName } from '../../views/shownMethod.js';
import type { RestContext } from '../context.js';
import type { ApiResponse } from '../response.js';
import { CSV_EXPORT_LIMIT, csvResponse } from './csvResponse.js';
import { type AddressCsvRequest, directionOf } from './csvRequest.js';
import { csvAddress, csvDateTime } from './csvValues.js';
import { newestInBlocks } from './inBlocks.js';

const HEADER = [
  'TxHash',
  'BlockNumber',
  'UnixTimestamp',
  'FromAddress',
  'ToAddress',
  'ContractAddress',
  'Type',
  'Value',
  'Fee',
  'Status',
  'ErrCode',
  'CurrentPrice',
  'TxDateOpeningPrice',
  'TxDateClosingPrice',
  'MethodName',
];

/**
 * An address's transactions as CSV (`explorer/chain/csv_export/address/transactions.ex`): the
 * rows of `/addresses/{h}/transactions` in the period (so no pending ones), newest first, with
 * the coin's price now and on the transaction's day (empty where the market history has no day).
 */
export function addressTransactionsCsv(ctx: RestContext, request: AddressCsvRequest): ApiResponse {
  const { chain, facts } = ctx;
  const list = transactionsInDirection(chain, request.address, directionOf(request));
  const picked = newestInBlocks(
    list,
    (t) => chain.transactions.at(t)!.block,
    request.fromBlock,
    request.toBlock,
    CSV_EXPORT_LIMIT,
  );
  const rows = picked.map((i) => {
    const t = chain.transactions.at(i)!;
    const time = chain.blocks.at(t.block)!.timestamp;
    const prices = coinPriceOn(facts, utcDay(time));
    return [
      t.hash,
      t.block,
      csvDateTime(time),
      csvAddress(chain, t.fromId),
      csvAddress(chain, t.toId),
      csvAddress(chain, t.createdId),
      t.fromId === request.address ? 'OUT' : t.toId === request.address ? 'IN' : '',
      t.value,
      feesOf(facts, t).fee,
      t.status,
      t.status === 'error' ? resultOf(t) : null,
      chain.exchangeRate,
      prices?.opening ?? null,
      prices?.closing ?? null,
      // The explorer's export, whichever profile: its method name, a selector where none decodes.
      blockscoutMethodName(ctx, i, methodName(facts, i)),
    ];
  });
  return csvResponse(HEADER, rows);
}
