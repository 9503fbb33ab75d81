import { utcDay } from '../../domain/chainStats.js';
import { coinPriceOn } from '../../domain/coinPrices.js';
import { listedFees } from '../../domain/activityRow.js';
import { unitsToDecimal } from '../../domain/amounts.js';
import { storedDecimalsOf, tokenOf } from '../../domain/tokens.js';
import { selectorOf } from '../../domain/transactions.js';
import { activityCursorOf, advancedFilterOf } from '../advancedFilter/advancedFilterQuery.js';
import { advancedFilterRows } from '../advancedFilter/advancedFilterRows.js';
import type { EndpointHandler } from '../endpoint.js';
import { CSV_EXPORT_LIMIT, csvResponse } from './csvResponse.js';
import { csvAddress, csvDateTime, xsdDecimal } from './csvValues.js';

const HEADER = [
  'TxHash',
  'Type',
  'MethodId',
  'UtcTimestamp',
  'FromAddress',
  'ToAddress',
  'CreatedContractAddress',
  'Value',
  'TokenContractAddressHash',
  'TokenDecimals',
  'TokenSymbol',
  'TokenValue',
  'TokenID',
  'BlockNumber',
  'Fee',
  'CurrentPrice',
  'TxDateOpeningPrice',
  'TxDateClosingPrice',
];

/**
 * `/advanced-filters/csv` (`explorer/chain/csv_export/advanced_filter.ex`): the rows
 * `/advanced-filters` lists for the same filters and cursor, up to the export limit. A token
 * transfer's row has its token columns (the value in whole tokens; the id of an NFT) and no
 * prices; a coin row has the prices and no token columns.
 */
export const advancedFiltersCsv: EndpointHandler = (ctx, _params, query) => {
  const { chain, facts } = ctx;
  const { rows } = advancedFilterRows(facts, advancedFilterOf(chain, query), activityCursorOf(query), CSV_EXPORT_LIMIT);
  const fees = listedFees(rows);
  const lines = rows.map((row, i) => {
    const { item } = row;
    const tx = chain.transactions.at(item.transaction)!;
    const time = chain.blocks.at(row.block)!.timestamp;
    const common = [
      tx.hash,
      row.type,
      item.kind === 'internal' ? null : selectorOf(facts, item.transaction),
      csvDateTime(time),
      csvAddress(chain, row.from),
      csvAddress(chain, row.to),
      csvAddress(chain, row.created),
      row.value,
    ];
    if (item.kind === 'tokenTransfer') {
      const transfer = chain.tokenTransfers.at(item.transfer)!;
      const token = tokenOf(facts, transfer.tokenId);
      const nftId = transfer.tokenIds?.[item.k] ?? null;
      // An ERC-721 transfer's total is its id alone: no decimals, no value. Where the explorer stores
      // no decimals, the value is undivided.
      const fungible = token.type !== 'ERC-721';
      const decimals = storedDecimalsOf(facts, transfer.tokenId);
      return [
        ...common,
        csvAddress(chain, transfer.tokenId),
        fungible ? decimals : null,
        token.symbol,
        fungible ? xsdDecimal(unitsToDecimal(transfer.amounts[item.k]!, decimals ?? 0)) : null,
        nftId,
        row.block,
        fees[i]!,
        null,
        null,
        null,
      ];
    }
    const prices = coinPriceOn(facts, utcDay(time));
    return [
      ...common,
      null,
      null,
      null,
      null,
      null,
      row.block,
      fees[i]!,
      xsdDecimal(chain.exchangeRate),
      prices ? xsdDecimal(prices.opening) : null,
      prices ? xsdDecimal(prices.closing) : null,
    ];
  });
  return csvResponse(HEADER, lines);
};
