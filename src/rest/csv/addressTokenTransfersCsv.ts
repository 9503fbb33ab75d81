import type { TokenTransfer, TokenType } from '../../chain/types.js';
import { storedDecimalsOf, tokenOf, transfersInvolving } from '../../domain/tokens.js';
import { feesOf, resultOf } from '../../domain/transactions.js';
import type { RestContext } from '../context.js';
import type { ApiResponse } from '../response.js';
import { CSV_EXPORT_LIMIT, csvResponse } from './csvResponse.js';
import { type AddressCsvRequest, directionOf } from './csvRequest.js';
import { csvAddress, csvDateTime } from './csvValues.js';
import { oldestInBlocks } from './inBlocks.js';

const HEADER = [
  'TxHash',
  'BlockNumber',
  'UnixTimestamp',
  'FromAddress',
  'ToAddress',
  'TokenContractAddress',
  'Type',
  'TokenDecimals',
  'TokenSymbol',
  'TokensTransferred',
  'TransactionFee',
  'Status',
  'ErrCode',
];

/** The explorer's `amount` column: a log's single amount (ERC-20, one ERC-1155 id); empty where it keeps ids or several amounts instead. */
const amountOf = (transfer: TokenTransfer, type: TokenType): bigint | null =>
  transfer.tokenIds === null || (type === 'ERC-1155' && transfer.tokenIds.length === 1) ? transfer.amounts[0]! : null;

/**
 * An address's token transfers as CSV (`explorer/chain/csv_export/address/token_transfers.ex`):
 * one row per transfer log (an ERC-1155 batch is one row), oldest first (block, log index), the
 * address as sender, receiver or token contract; `filter_type=address` narrows to `to` or `from`.
 */
export function addressTokenTransfersCsv(ctx: RestContext, request: AddressCsvRequest): ApiResponse {
  const { chain, facts } = ctx;
  const direction = directionOf(request);
  const id = request.address;
  const list = transfersInvolving(facts, id).filter((t) => {
    const transfer = chain.tokenTransfers.at(t)!;
    return direction === 'to' ? transfer.toId === id : direction === 'from' ? transfer.fromId === id : true;
  });
  const picked = oldestInBlocks(
    list,
    (t) => chain.tokenTransfers.at(t)!.block,
    request.fromBlock,
    request.toBlock,
    CSV_EXPORT_LIMIT,
  );
  const rows = picked.map((t) => {
    const transfer = chain.tokenTransfers.at(t)!;
    const tx = chain.transactions.at(transfer.transaction)!;
    const token = tokenOf(facts, transfer.tokenId);
    return [
      tx.hash,
      transfer.block,
      csvDateTime(chain.blocks.at(transfer.block)!.timestamp),
      csvAddress(chain, transfer.fromId),
      csvAddress(chain, transfer.toId),
      csvAddress(chain, transfer.tokenId),
      transfer.fromId === id ? 'OUT' : transfer.toId === id ? 'IN' : '',
      storedDecimalsOf(facts, transfer.tokenId),
      token.symbol,
      amountOf(transfer, token.type),
      feesOf(facts, tx).fee,
      tx.status,
      tx.status === 'error' ? resultOf(tx) : null,
    ];
  });
  return csvResponse(HEADER, rows);
}
