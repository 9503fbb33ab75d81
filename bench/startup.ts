/**
 * Start-up of the CLI, spawn to the first 200 of `/api/v2/blocks`, beside the floor (a bare Node
 * `http` server that loads nothing) measured in the same run, interleaved: cold (an empty snapshot
 * cache: the chain is built) and warm (the snapshot is there) for each scenario.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, spawnUntilLine, stop, urlIn } from './process.js';

export interface StartupRow {
  readonly scenario: string;
  readonly cache: 'cold' | 'warm';
  readonly runs: number;
  readonly ms: number;
  readonly floorMs: number;
  readonly ratio: number;
}

async function spawnToFirst200(args: string[], path: string): Promise<number> {
  const start = performance.now();
  const { child, line } = await spawnUntilLine(args);
  const response = await fetch(`${urlIn(line)}${path}`);
  await response.arrayBuffer();
  const ms = performance.now() - start;
  if (response.status !== 200) throw new Error(`${args.join(' ')}: first answer ${response.status}`);
  await stop(child);
  return ms;
}

/**
 * `runs` measurements of each (scenario, cold or warm), each beside a floor measurement. A cold
 * run gets a fresh cache directory; the warm runs share one primed by an unmeasured start.
 */
export async function measureStartup(
  dist: string,
  scenarios: readonly { name: string; coldRuns: number; warmRuns: number }[],
  log: (line: string) => void,
): Promise<StartupRow[]> {
  const root = mkdtempSync(join(tmpdir(), 'explorer-mock-bench-'));
  const cli = (scenario: string, dir: string) => [
    `${dist}/bin/cli.js`,
    '--port',
    '0',
    '--scenario',
    scenario,
    '--cache-dir',
    dir,
  ];
  const floor = () => spawnToFirst200([`${dist}/bench/floorServer.js`], '/');
  const rows: StartupRow[] = [];
  try {
    for (const { name, coldRuns, warmRuns } of scenarios) {
      for (const cache of ['cold', 'warm'] as const) {
        const runs = cache === 'cold' ? coldRuns : warmRuns;
        if (runs === 0) continue;
        const warmDir = join(root, `${name}-warm`);
        if (cache === 'warm') await spawnToFirst200(cli(name, warmDir), '/api/v2/blocks'); // writes the snapshot on close
        const mock: number[] = [];
        const floors: number[] = [];
        for (let i = 0; i < runs; i++) {
          floors.push(await floor());
          const dir = cache === 'cold' ? join(root, `${name}-cold-${i}`) : warmDir;
          mock.push(await spawnToFirst200(cli(name, dir), '/api/v2/blocks'));
          if (cache === 'cold') rmSync(dir, { recursive: true, force: true });
        }
        const row = {
          scenario: name,
          cache,
          runs,
          ms: median(mock),
          floorMs: median(floors),
          ratio: median(mock) / median(floors),
        };
        log(
          `start-up ${name} ${cache}: ${row.ms.toFixed(0)} ms (runs ${mock.map((m) => m.toFixed(0)).join(', ')}), floor ${row.floorMs.toFixed(0)} ms, ratio ${row.ratio.toFixed(2)}`,
        );
        rows.push(row);
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return rows;
}
