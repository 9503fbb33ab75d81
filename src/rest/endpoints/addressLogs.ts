import { logBlockOf, logIndexOf } from '../../chain/logs.js';
import { accountIdOf } from '../../domain/accounts.js';
import { addressLogsWithTopic } from '../../domain/logs.js';
import { logJson } from '../../views/log.js';
import type { EndpointHandler } from '../endpoint.js';
import { compareTuples, EMPTY_PAGE, pageResponse, takePage } from '../paging.js';
import { addressParam, hashQuery, integerQuery } from '../params.js';

/** `/addresses/{h}/logs`: the logs it emitted, newest first; `topic` matches any topic; cursor `block_number`, `index`. */
export const addressLogs: EndpointHandler = (ctx, [raw], query) => {
  const { chain } = ctx;
  const id = accountIdOf(chain, addressParam(raw!));
  const topic = hashQuery(query, 'topic', 64);
  const blockNumber = integerQuery(query, 'block_number');
  const index = integerQuery(query, 'index');
  const itemsCount = integerQuery(query, 'items_count') ?? 0;
  if (id === undefined) return EMPTY_PAGE;
  const list = topic ? addressLogsWithTopic(ctx.facts, id, topic) : chain.indexes.at(id)!.logs;
  const cursor = blockNumber === undefined ? null : [blockNumber, index ?? Number.MAX_SAFE_INTEGER];
  const page = takePage(
    list,
    true,
    cursor && ((ref) => compareTuples([logBlockOf(chain, ref), logIndexOf(chain, ref)], cursor) < 0),
  );
  const last = page.elements[page.elements.length - 1];
  return pageResponse(
    page.elements.map((ref) => logJson(ctx, ref, true)),
    page.more && last !== undefined
      ? {
          block_number: logBlockOf(chain, last),
          index: logIndexOf(chain, last),
          items_count: itemsCount + page.elements.length,
          ...(topic ? { topic } : {}),
        }
      : null,
  );
};
