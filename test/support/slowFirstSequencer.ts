import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that took 15 s or more on two cores (a fresh clone's run, 2026-11-27), longest first. A
 * fresh clone has no timings of its own, and vitest then starts the largest files first: the
 * longest of all began last and ran alone for 53 s while the other core idled. Only speed hangs
 * on this list: a file missing from it, or a stale time, runs all the same.
 */
const SLOW = [
  'test/arbitraries/pages.test.ts',
  'test/rpc/agreement.laws.test.ts',
  'test/e2e/growth.test.ts',
  'test/cache/identity.test.ts',
  'test/readme.test.ts',
  'test/wallet/hardhat3.test.ts',
  'test/arbitraries/arbitraries.test.ts',
  'test/scenarios/entities.test.ts',
  'test/robustness/rpcFuzz.test.ts',
  'test/cache/snapshotCache.test.ts',
  'test/robustness/starvation.test.ts',
  'test/scenarios/scenarioFiles.test.ts',
  'test/package.test.ts',
  'test/arbitraries/options.test.ts',
  'test/scenarios/contracts.test.ts',
  'test/robustness/concurrency.test.ts',
  'test/chain.laws.test.ts',
];

/**
 * vitest's order (group, then project, then its cache's durations or the files' sizes), with the
 * known slow files of each project first: the short ones then fill the end of the run on both
 * cores. Projects stay whole, as a worker is kept only from one file of a project to the next.
 * With it set, vitest's `--sequence.shuffle` has no effect.
 */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const position = new Map(base.map((file, i) => [file, i]));
    const projectStart = new Map<string, number>();
    base.forEach((file, i) => {
      if (!projectStart.has(file.project.name)) projectStart.set(file.project.name, i);
    });
    const rank = (file: TestSpecification) => {
      const i = SLOW.indexOf(relative(this.ctx.config.root, file.moduleId));
      return i === -1 ? SLOW.length : i;
    };
    return [...base].sort(
      (a, b) =>
        projectStart.get(a.project.name)! - projectStart.get(b.project.name)! ||
        rank(a) - rank(b) ||
        position.get(a)! - position.get(b)!,
    );
  }
}
