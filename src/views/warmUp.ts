import { ModuleNotLoaded } from '../lazy/lazyModule.js';
import { blockJson } from './block.js';
import type { ViewContext } from './context.js';
import { internalTransactionJson } from './internalTransaction.js';
import { transactionJson } from './transaction.js';

/** How long one slice of warming may hold the event loop, in ms. */
const SLICE_MS = 4;

/**
 * Renders the JSON of the newest entities while the server is idle, so the first walk through a
 * list assembles pages from ready pieces instead of rendering them under load. Works in slices
 * of a few milliseconds between requests; stops at `maxBytes` of rendered JSON, or when `signal`
 * aborts.
 */
export function warmUp(ctx: ViewContext, signal?: AbortSignal, maxBytes = 128 * 1024 * 1024): Promise<void> {
  const { chain } = ctx;
  const jobs: (() => string)[] = [];
  for (let i = chain.blocks.length - 1; i >= 0; i--) jobs.push(() => blockJson(ctx, chain.blocks.at(i)!));
  for (let i = chain.transactions.length - 1; i >= 0; i--) jobs.push(() => transactionJson(ctx, i));
  for (let i = chain.internalTransactions.length - 1; i >= 0; i--) jobs.push(() => internalTransactionJson(ctx, i));
  let next = 0;
  let bytes = 0;
  return new Promise((resolve) => {
    const slice = () => {
      if (signal?.aborted) return resolve();
      const until = performance.now() + SLICE_MS;
      try {
        while (next < jobs.length && bytes < maxBytes && performance.now() < until) {
          bytes += jobs[next]!().length;
          next++;
        }
      } catch (error) {
        // A view needs a module still loading: go on once it is there.
        if (!(error instanceof ModuleNotLoaded)) throw error;
        return void error.loading.then(() => setImmediate(slice));
      }
      if (next < jobs.length && bytes < maxBytes) setImmediate(slice);
      else resolve();
    };
    setImmediate(slice);
  });
}
