import { internalGasUsedOf } from '../../domain/transactions.js';
import type { RestContext } from '../context.js';
import type { ApiResponse } from '../response.js';
import { CSV_EXPORT_LIMIT, csvResponse } from './csvResponse.js';
import type { AddressCsvRequest } from './csvRequest.js';
import { csvAddress, csvDateTime } from './csvValues.js';
import { newestInBlocks } from './inBlocks.js';

const HEADER = [
  'TxHash',
  'Index',
  'BlockNumber',
  'TxIndex',
  'UnixTimestamp',
  'FromAddress',
  'ToAddress',
  'ContractAddress',
  'Type',
  'CallType',
  'Gas',
  'GasUsed',
  'Value',
  'Input',
  'Output',
  'ErrCode',
  'Fee',
];

const CALLS = new Set(['call', 'delegatecall', 'staticcall']);

/**
 * An address's internal transactions as CSV (`block_scout_web/csv_export/address/internal_transactions.ex`):
 * the newest rows of `/addresses/{h}/internal-transactions` in the period, then sorted by (block,
 * index, transaction index) descending, as the explorer sorts them. The explorer's filter check
 * asks for the type `internal_transactions`, which no filter names, so `filter_value` never narrows
 * this export. Inputs, outputs and gas used are the raw trace's.
 */
export function addressInternalTransactionsCsv(ctx: RestContext, request: AddressCsvRequest): ApiResponse {
  const { chain } = ctx;
  const list = chain.indexes.at(request.address)!.internalTransactions;
  const picked = newestInBlocks(
    list,
    (i) => chain.internalTransactions.at(i)!.block,
    request.fromBlock,
    request.toBlock,
    CSV_EXPORT_LIMIT,
  );
  const key = (i: number) => {
    const it = chain.internalTransactions.at(i)!;
    return [it.block, it.index, it.transactionIndex] as const;
  };
  picked.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return y[0] - x[0] || y[1] - x[1] || y[2] - x[2];
  });
  const rows = picked.map((i) => {
    const it = chain.internalTransactions.at(i)!;
    const tx = chain.transactions.at(it.transaction)!;
    const call = CALLS.has(it.type);
    const creates = it.type === 'create' || it.type === 'create2';
    const gasUsed = internalGasUsedOf(it);
    return [
      tx.hash,
      it.index,
      it.block,
      it.transactionIndex,
      csvDateTime(chain.blocks.at(it.block)!.timestamp),
      csvAddress(chain, it.fromId),
      csvAddress(chain, it.toId),
      csvAddress(chain, it.createdId),
      call ? 'call' : it.type,
      call ? it.type : null,
      it.gasLimit,
      gasUsed,
      it.value,
      creates ? null : '0x',
      it.success && !creates ? '0x' : null,
      it.error,
      gasUsed === null ? null : gasUsed * tx.gasPrice,
    ];
  });
  return csvResponse(HEADER, rows);
}
