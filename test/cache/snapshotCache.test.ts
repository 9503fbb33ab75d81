import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, spawnCli } from '../support/spawnCli.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'explorer-mock-cache-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const snapshots = () => readdirSync(dir).filter((f) => f.endsWith('.snapshot'));
const leftovers = () => readdirSync(dir).filter((f) => f.endsWith('.tmp'));
const blocks = async (url: string) => {
  const response = await fetch(`${url}/api/v2/blocks`);
  expect(response.status).toBe(200);
  return response.text();
};

/** Starts tiny with the test's cache directory, answers one request, stops (which finishes the snapshot). */
async function startStop(args: readonly string[] = [], env: NodeJS.ProcessEnv = {}) {
  const cli = await spawnCli(['--scenario', 'tiny', '--cache-dir', dir, ...args], env);
  const body = await blocks(cli.url);
  expect(await cli.stop()).toBe(0);
  return { ready: cli.ready, stderr: cli.stderr(), body };
}

describe('the snapshot cache', () => {
  it('builds on the first start, loads on the next, and both answer the same bytes', async () => {
    const first = await startStop();
    expect(first.ready.chain.source).toBe('built');
    expect(snapshots()).toHaveLength(1);
    const second = await startStop();
    expect(second.ready.chain.source).toBe('snapshot');
    expect(second.body).toBe(first.body);
    expect(first.stderr + second.stderr).toBe('');
  });

  it('8 processes starting the same scenario and seed at once all start, and leave one valid snapshot', async () => {
    const clis = await Promise.all(
      Array.from({ length: 8 }, () => spawnCli(['--scenario', 'tiny', '--seed', '5', '--cache-dir', dir])),
    );
    const bodies = await Promise.all(clis.map((c) => blocks(c.url)));
    expect(new Set(bodies).size).toBe(1);
    expect(await Promise.all(clis.map((c) => c.stop()))).toEqual(Array(8).fill(0));
    for (const c of clis) expect(c.stderr()).toBe('');
    expect(snapshots()).toHaveLength(1);
    expect(leftovers()).toEqual([]);
    const next = await startStop(['--seed', '5']);
    expect(next.ready.chain.source).toBe('snapshot');
    expect(next.body).toBe(bodies[0]);
    expect(next.stderr).toBe('');
  });

  const damages: [string, (file: string) => void, RegExp][] = [
    ['truncated', (file) => truncateSync(file, Math.floor(statSync(file).size / 2)), /truncated/],
    [
      'corrupt',
      (file) => {
        const data = readFileSync(file);
        data[data.length - 100]! ^= 0xff;
        writeFileSync(file, data);
      },
      /checksum mismatch/,
    ],
    [
      'of another package version',
      (file) => {
        const data = readFileSync(file);
        const at = data.indexOf('"version":"');
        data.write('"version":"9', at);
        writeFileSync(file, data);
      },
      /written by explorer-mock 9/,
    ],
    [
      'of another format',
      (file) => {
        const data = readFileSync(file);
        const at = data.indexOf('"format":');
        data.write('"format":7', at);
        writeFileSync(file, data);
      },
      /format 7/,
    ],
    ['not a snapshot at all', (file) => writeFileSync(file, '{"hello":"world"}'), /not an explorer-mock snapshot/],
    ['empty', (file) => writeFileSync(file, ''), /not an explorer-mock snapshot/],
  ];
  it.each(damages)(
    'a %s snapshot is reported in one line, rebuilt and replaced, never served',
    async (_, damage, reason) => {
      const good = await startStop();
      const [file] = snapshots();
      damage(join(dir, file!));
      const rebuilt = await startStop();
      expect(rebuilt.ready.chain.source).toBe('built');
      expect(rebuilt.body).toBe(good.body);
      const lines = rebuilt.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^explorer-mock: ignoring the cached chain .*\.snapshot \(.*\); building it again$/);
      expect(lines[0]).toMatch(reason);
      const after = await startStop();
      expect(after.ready.chain.source).toBe('snapshot');
      expect(after.stderr).toBe('');
    },
  );

  it('an unwritable cache directory means building every time, with one warning', async () => {
    // Under a regular file: no directory can be made there, whatever the user's rights (tests may run as root).
    writeFileSync(join(dir, 'a-file'), '');
    const unwritable = join(dir, 'a-file', 'cache');
    for (let i = 0; i < 2; i++) {
      const cli = await spawnCli(['--scenario', 'tiny', '--cache-dir', unwritable]);
      expect(cli.ready.chain.source).toBe('built');
      await blocks(cli.url);
      expect(await cli.stop()).toBe(0);
      const lines = cli.stderr().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^explorer-mock: cannot use the chain cache in .*a-file\/cache \(ENOTDIR.*\); building every time$/,
      );
    }
  });

  it('keeps at most --cache-max snapshots, dropping the least recently used', async () => {
    for (const seed of ['1', '2', '3']) await startStop(['--seed', seed, '--cache-max', '3']);
    expect(snapshots()).toHaveLength(3);
    // Make seed 1 the most recently used, then add two more: 2 and 3 go.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await startStop(['--seed', '1', '--cache-max', '3'])).ready.chain.source).toBe('snapshot');
    for (const seed of ['4', '5']) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await startStop(['--seed', seed, '--cache-max', '3']);
    }
    const kept = snapshots()
      .map((f) => f.split('-')[1])
      .sort();
    expect(kept).toEqual(['1', '4', '5']);
  });

  it('is turned off by --no-cache and by EXPLORER_MOCK_CACHE=0', async () => {
    // The default cache directory is under XDG_CACHE_HOME: point it at the test's directory.
    const env = { XDG_CACHE_HOME: dir };
    for (const [args, extra] of [
      [['--no-cache'], {}],
      [[], { EXPLORER_MOCK_CACHE: '0' }],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const cli = await spawnCli(['--scenario', 'tiny', ...args], { ...env, ...extra });
        expect(cli.ready.chain.source).toBe('built');
        await blocks(cli.url);
        expect(await cli.stop()).toBe(0);
      }
    }
    expect(readdirSync(dir)).toEqual([]);
    // And without either, the same start writes there.
    const on = await spawnCli(['--scenario', 'tiny'], env);
    expect(await on.stop()).toBe(0);
    expect(readdirSync(join(dir, 'explorer-mock')).filter((f) => f.endsWith('.snapshot'))).toHaveLength(1);
    const conflict = await runCli(['--no-cache', '--cache-dir', dir]);
    expect(conflict.code).toBe(2);
    expect(conflict.stderr).toMatch(/--no-cache cannot be combined with --cache-dir/);
  });

  it('cache ls lists each snapshot with its size, scenario and seed; cache clear removes them', async () => {
    await startStop(['--seed', '11']);
    await startStop(['--seed', '12']);
    const ls = await runCli(['cache', 'ls', '--cache-dir', dir]);
    expect(ls.code).toBe(0);
    expect(ls.stdout).toContain(dir);
    expect(ls.stdout).toMatch(/size\s+scenario\s+seed\s+written \(UTC\)\s+last used \(UTC\)\s+by/);
    expect(ls.stdout).toMatch(/\d+\.\d MB\s+tiny\s+11\s+\d{4}-\d\d-\d\d \d\d:\d\d/);
    expect(ls.stdout).toMatch(/\d+\.\d MB\s+tiny\s+12\s/);
    expect(ls.stdout).toMatch(/2 snapshots, \d+\.\d MB/);
    const clear = await runCli(['cache', 'clear', '--cache-dir', dir]);
    expect(clear.stdout).toMatch(/removed 2 cached chains/);
    expect(snapshots()).toEqual([]);
    expect((await runCli(['cache', 'ls', '--cache-dir', dir])).stdout).toMatch(/^No cached chains in /);
    const bad = await runCli(['cache', 'sideways']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/cache needs ls or clear, got "sideways"/);
  });

  it('a recently used snapshot is marked used', async () => {
    await startStop();
    const [file] = snapshots();
    const old = new Date(Date.now() - 86_400_000);
    utimesSync(join(dir, file!), old, old);
    await startStop();
    expect(statSync(join(dir, file!)).mtimeMs).toBeGreaterThan(old.getTime() + 60_000);
  });
});
