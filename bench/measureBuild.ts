/**
 * Child process of the benchmark: builds one scenario and prints its build time and heap as JSON.
 * Run in a fresh process per scenario so each measurement starts from an empty heap.
 */
import { buildChain } from '../generators/buildChain.js';

const scenario = process.argv[2] ?? 'default';
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const start = performance.now();
const chain = buildChain({ scenario, seed: 1 });
const ms = performance.now() - start;
gc?.();
const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
process.stdout.write(
  JSON.stringify({
    scenario,
    ms,
    heapMb,
    blocks: chain.blocks.length,
    transactions: chain.transactions.length,
    tokenTransfers: chain.tokenTransfers.length,
    accounts: chain.accounts.length,
  }),
);
