import { NONE } from '../chain/types.js';
import { inputOf } from '../domain/transactions.js';
import { cachedJson, type ViewContext } from './context.js';

const hex = (n: bigint | number) => `0x${n.toString(16)}`;

/** `/transactions/{hash}/raw-trace`: the call tree as a node's `trace_transaction` gives it, the top-level call, then each internal call under it. */
export const rawTraceJson = (ctx: ViewContext, at: number): string =>
  cachedJson(ctx, `trace:${at}`, () => {
    const { chain } = ctx;
    const tx = chain.transactions.at(at)!;
    const lower = (id: number) => chain.accounts[id]!.lower;
    const input = inputOf(ctx.facts, at);
    const top = {
      action:
        tx.toId === NONE
          ? { from: lower(tx.fromId), gas: hex(tx.gasLimit), init: input, value: hex(tx.value) }
          : {
              callType: 'call',
              from: lower(tx.fromId),
              to: lower(tx.toId),
              gas: hex(tx.gasLimit),
              input,
              value: hex(tx.value),
            },
      ...(tx.status === 'ok'
        ? {
            result:
              tx.toId === NONE
                ? { address: lower(tx.createdId), code: '0x', gasUsed: hex(tx.gasUsed) }
                : { gasUsed: hex(tx.gasUsed), output: '0x' },
          }
        : { error: 'Reverted' }),
      subtraces: tx.internalCount,
      traceAddress: [] as number[],
      transactionHash: tx.hash,
      type: tx.toId === NONE ? 'create' : 'call',
    };
    const inner = [];
    for (let k = 0; k < tx.internalCount; k++) {
      const it = chain.internalTransactions.at(tx.internalStart + k)!;
      const creates = it.type === 'create' || it.type === 'create2';
      inner.push({
        action: creates
          ? { from: lower(it.fromId), gas: hex(it.gasLimit), init: '0x', value: hex(it.value) }
          : {
              callType: it.type === 'selfdestruct' ? 'call' : it.type,
              from: lower(it.fromId),
              to: lower(it.toId),
              gas: hex(it.gasLimit),
              input: '0x',
              value: hex(it.value),
            },
        ...(it.success
          ? {
              result: creates
                ? { address: lower(it.createdId), code: '0x', gasUsed: hex(0) }
                : { gasUsed: hex(0), output: '0x' },
            }
          : { error: it.error }),
        subtraces: 0,
        traceAddress: [k],
        transactionHash: tx.hash,
        type: creates ? it.type : it.type === 'selfdestruct' ? 'selfdestruct' : 'call',
      });
    }
    return [top, ...inner];
  });
