import { configDefaults, defineConfig } from 'vitest/config';

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

/** Minutes of load, long property runs, the packed tarball. */
const SOAK = [
  'test/robustness/load.test.ts',
  'test/robustness/socketLoad.test.ts',
  'test/package.test.ts',
  'test/cache/identity.test.ts',
  'test/arbitraries/**/*.test.ts',
];

const isolatedCache = 'test/support/isolatedCache.ts';
const buildDist = 'test/support/buildDist.ts';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'fast', include: FAST, globalSetup: [isolatedCache] } },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...FAST, ...SOAK],
          globalSetup: [isolatedCache, buildDist],
        },
      },
      { extends: true, test: { name: 'soak', include: SOAK, globalSetup: [isolatedCache, buildDist] } },
    ],
  },
});
