import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import SlowFirstSequencer from './test/support/slowFirstSequencer.js';

/** In process, no server and no build: the edit loop's tests (`npm run test:quick`). */
const FAST = [
  'src/**/*.test.ts',
  'generators/**/*.test.ts',
  'scenarios/**/*.test.ts',
  'test/api/**/*.test.ts',
  'test/chain.laws.test.ts',
  'test/rpc/agreement.laws.test.ts',
  'test/architecture.test.ts',
  'test/stats/**/*.test.ts',
  'test/evm/**/*.test.ts',
];

/** Timed runs of load against a spawned server: each wants both cores to itself. */
const LOAD = ['test/robustness/load.test.ts', 'test/robustness/socketLoad.test.ts'];

/**
 * Test files run at once. Vitest's default for a run leaves a core to itself (cores − 1): one
 * worker on CI's two cores, every file one after another, while its own process mostly waits.
 */
const WORKERS = Math.max(2, availableParallelism() - 1);

const isolatedCache = 'test/support/isolatedCache.ts';
const buildDist = 'test/support/buildDist.ts';

export default defineConfig({
  test: {
    // A worker keeps its modules from one test file to the next: each file importing the whole
    // package (and building `default` in its own empty cache) cost a third of the quick run.
    // Test files must therefore put back what they change (environment, spies, globals).
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    maxWorkers: WORKERS,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      { extends: true, test: { name: 'fast', include: FAST, globalSetup: [isolatedCache] } },
      // Servers, processes and real clients; with them the long property runs and the packed
      // tarball (one project: a worker moves on only to a file of its own project).
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...FAST, ...LOAD],
          globalSetup: [isolatedCache, buildDist],
        },
      },
      // The timed loads last, one at a time, once every other file has finished.
      {
        extends: true,
        test: {
          name: 'load',
          include: LOAD,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
          globalSetup: [isolatedCache, buildDist],
        },
      },
    ],
  },
});
