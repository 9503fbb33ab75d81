/**
 * Child process of the benchmark: mines `default` one block at a time past its head and prints
 * the median and worst time of each part (the ledger's block, re-indexing into a new chain, the
 * new app) as JSON.
 */
import { createChainBuilder } from '../generators/buildChain.js';
import { createChainApp } from '../src/app/chainApp.js';

const BLOCKS = 40;
const builder = createChainBuilder({ scenario: 'default', seed: 1 });
builder.mineTo(1000);
builder.chain();
const parts = { ledger: [] as number[], index: [] as number[], app: [] as number[], total: [] as number[] };
for (let i = 0; i < BLOCKS; i++) {
  const t0 = performance.now();
  builder.mineTo(builder.height + 1);
  const t1 = performance.now();
  const chain = builder.chain();
  const t2 = performance.now();
  createChainApp(chain);
  const t3 = performance.now();
  parts.ledger.push(t1 - t0);
  parts.index.push(t2 - t1);
  parts.app.push(t3 - t2);
  parts.total.push(t3 - t0);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
process.stdout.write(
  JSON.stringify(
    Object.fromEntries(Object.entries(parts).map(([k, xs]) => [k, { median: median(xs), max: Math.max(...xs) }])),
  ),
);
