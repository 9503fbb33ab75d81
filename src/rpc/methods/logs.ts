import type { RpcContext } from '../context.js';
import { rpcLogJson, rpcPendingTransaction } from '../formats.js';
import { type LogCriteria, logCriteriaArg, logsMatching } from '../logQuery.js';
import { arity, type NodeState, RawJson, type RpcMethod } from '../method.js';
import { boolArg } from '../quantity.js';
import { serverError } from '../rpcError.js';

const logsJson = (ctx: RpcContext, criteria: LogCriteria) =>
  new RawJson(
    `[${logsMatching(ctx, criteria)
      .map((ref) => rpcLogJson(ctx, ref))
      .join(',')}]`,
  );

/** The changes a filter has for its owner since the last poll: logs, block hashes, or pending transaction hashes. */
function filterChanges(ctx: RpcContext, node: NodeState, id: string): unknown {
  const filter = node.filters.poll(id);
  if (!filter) throw serverError('filter not found');
  const head = ctx.chain.headHeight;
  if (filter.kind === 'blocks') {
    const hashes = [];
    for (; filter.next <= head; filter.next++) hashes.push(ctx.chain.blocks.at(filter.next)!.hash);
    return hashes;
  }
  if (filter.kind === 'logs') {
    const to = Math.min(head, filter.toLatest ? head : filter.criteria.to);
    const from = Math.max(filter.next, filter.criteria.from);
    if (from > to) return [];
    // The logs first: a query refused (too many results) leaves the filter where it was.
    const logs = logsJson(ctx, { ...filter.criteria, from, to });
    filter.next = Math.max(filter.next, to + 1);
    return logs;
  }
  const pending = ctx.mempool()?.list() ?? [];
  const fresh = pending.filter((p) => !filter.seen.has(p.hash));
  for (const p of fresh) filter.seen.add(p.hash);
  if (filter.seen.size > 4 * 1024) filter.seen = new Set(pending.map((p) => p.hash));
  return filter.full ? fresh.map((p) => rpcPendingTransaction(ctx, p)) : fresh.map((p) => p.hash);
}

export const logMethods: Record<string, RpcMethod> = {
  eth_getLogs(ctx, params) {
    arity(params, 1, 1);
    return logsJson(ctx, logCriteriaArg(ctx, params[0], 0));
  },
  eth_newFilter(ctx, params, node) {
    arity(params, 1, 1);
    const { toLatest, ...criteria } = logCriteriaArg(ctx, params[0], 0);
    return node.filters.install({ kind: 'logs', criteria, toLatest, next: ctx.chain.headHeight + 1 });
  },
  eth_newBlockFilter: (ctx, params, node) => (
    arity(params, 0, 0), node.filters.install({ kind: 'blocks', next: ctx.chain.headHeight + 1 })
  ),
  eth_newPendingTransactionFilter(ctx, params, node) {
    arity(params, 0, 1);
    const full = params[0] === undefined ? false : boolArg(params[0], 0);
    return node.filters.install({
      kind: 'pending',
      full,
      seen: new Set((ctx.mempool()?.list() ?? []).map((p) => p.hash)),
    });
  },
  eth_getFilterChanges(ctx, params, node) {
    arity(params, 1, 1);
    return filterChanges(ctx, node, String(params[0]));
  },
  eth_getFilterLogs(ctx, params, node) {
    arity(params, 1, 1);
    const filter = node.filters.peek(String(params[0]));
    if (!filter || filter.kind !== 'logs') throw serverError('filter not found');
    return logsJson(ctx, { ...filter.criteria, to: filter.toLatest ? ctx.chain.headHeight : filter.criteria.to });
  },
  eth_uninstallFilter: (_ctx, params, node) => (arity(params, 1, 1), node.filters.uninstall(String(params[0]))),
};
