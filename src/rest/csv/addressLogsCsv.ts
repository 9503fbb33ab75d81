import { logBlockOf } from '../../chain/logs.js';
import { addressLogsWithTopic, encodedLogOf, logEventOf } from '../../domain/logs.js';
import type { RestContext } from '../context.js';
import type { ApiResponse } from '../response.js';
import { CSV_EXPORT_LIMIT, csvResponse } from './csvResponse.js';
import type { AddressCsvRequest } from './csvRequest.js';
import { csvAddress } from './csvValues.js';
import { newestInBlocks } from './inBlocks.js';

const HEADER = [
  'TxHash',
  'Index',
  'BlockNumber',
  'BlockHash',
  'ContractAddress',
  'Data',
  'FirstTopic',
  'SecondTopic',
  'ThirdTopic',
  'FourthTopic',
];

const TOPIC = /^0x[0-9a-f]{64}$/;

/**
 * The logs an address emitted as CSV (`explorer/chain/csv_export/address/logs.ex`): the rows of
 * `/addresses/{h}/logs` in the period, newest first. The exporter reads `filter_value` as a topic
 * whatever `filter_type` says; a value that is no topic narrows nothing.
 */
export function addressLogsCsv(ctx: RestContext, request: AddressCsvRequest): ApiResponse {
  const { chain, facts } = ctx;
  const topic = request.filterValue !== null && TOPIC.test(request.filterValue) ? request.filterValue : null;
  const list = topic ? addressLogsWithTopic(facts, request.address, topic) : chain.indexes.at(request.address)!.logs;
  const picked = newestInBlocks(
    list,
    (ref) => logBlockOf(chain, ref),
    request.fromBlock,
    request.toBlock,
    CSV_EXPORT_LIMIT,
  );
  const rows = picked.map((ref) => {
    const event = logEventOf(facts, ref);
    const { topics, data } = encodedLogOf(facts, ref);
    return [
      chain.transactions.at(event.transaction)!.hash,
      event.index,
      event.block,
      chain.blocks.at(event.block)!.hash,
      csvAddress(chain, event.emitterId),
      data,
      topics[0] ?? null,
      topics[1] ?? null,
      topics[2] ?? null,
      topics[3] ?? null,
    ];
  });
  return csvResponse(HEADER, rows);
}
