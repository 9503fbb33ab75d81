import { accountIdOf } from '../../domain/accounts.js';
import { balanceSteps } from '../../domain/balances.js';
import { utcDay } from '../../domain/chainStats.js';
import { coinBalanceStepJson } from '../../views/coinBalance.js';
import type { EndpointHandler } from '../endpoint.js';
import { EMPTY_PAGE, identity, pageResponse, takePage } from '../paging.js';
import { addressParam, integerQuery } from '../params.js';
import { jsonResponse } from '../response.js';

/** `/addresses/{h}/coin-balance-history`: the balance after each block that changed it, newest first; cursor `block_number`. */
export const addressCoinBalanceHistory: EndpointHandler = (ctx, [raw], query) => {
  const id = accountIdOf(ctx.chain, addressParam(raw!));
  const blockNumber = integerQuery(query, 'block_number');
  const itemsCount = integerQuery(query, 'items_count') ?? 0;
  if (id === undefined) return EMPTY_PAGE;
  const steps = balanceSteps(ctx.facts, id);
  const page = takePage(
    identity(steps.length),
    true,
    blockNumber === undefined ? null : (k) => steps[k]!.block < blockNumber,
  );
  const last = steps[page.elements[page.elements.length - 1] ?? 0];
  return pageResponse(
    page.elements.map((k) => coinBalanceStepJson(ctx, steps[k]!)),
    page.more && last ? { block_number: last.block, items_count: itemsCount + page.elements.length } : null,
  );
};

/** Days the by-day history covers, ending on the head block's day (the explorer's default). */
const HISTORY_DAYS = 10;

/** `/addresses/{h}/coin-balance-history-by-day`: the balance at the end of each of the last days that had one. */
export const addressCoinBalanceHistoryByDay: EndpointHandler = (ctx, [raw]) => {
  const id = accountIdOf(ctx.chain, addressParam(raw!));
  if (id === undefined) return jsonResponse(200, { items: [], days: HISTORY_DAYS });
  const head = ctx.chain.blocks.at(ctx.chain.headHeight)!;
  const first = utcDay(head.timestamp - (HISTORY_DAYS - 1) * 86_400);
  const byDay = new Map<string, bigint>();
  for (const s of balanceSteps(ctx.facts, id)) byDay.set(utcDay(ctx.chain.blocks.at(s.block)!.timestamp), s.value);
  const items = [...byDay].filter(([date]) => date >= first).map(([date, value]) => ({ date, value: String(value) }));
  return jsonResponse(200, { items, days: HISTORY_DAYS });
};
