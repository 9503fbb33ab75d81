import type { Executor } from '../execution/executor.js';
import { type LazyModule, lazyModule } from '../lazy/lazyModule.js';

/**
 * The executor a served chain runs sends and calls with: contracts' own code on a real EVM, the
 * contracts the ledger models through its bridge (`src/execution/evmExecutor.ts`). One per server;
 * loaded with the node's first request, its EVM on the first run that needs one.
 */
export const evmExecutorModule = (): LazyModule<Executor> =>
  lazyModule('the executor', () => import('../execution/evmExecutor.js').then((m) => m.createEvmExecutor()));
