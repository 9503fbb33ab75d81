/**
 * vitest globalSetup: every test run gets its own empty snapshot cache (the default cache
 * directory, through XDG_CACHE_HOME, for the tests and the processes they spawn) and its own
 * temporary directory (TMPDIR, where `os.tmpdir()` looks: the scenario files, homes and caches the
 * tests make there), both removed at the end, so a run never reads what an earlier run or the
 * user left there, nor leaves anything behind.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'explorer-mock-test-run-'));
  const cache = join(dir, 'cache');
  const temp = join(dir, 'tmp');
  mkdirSync(cache);
  mkdirSync(temp);
  process.env.XDG_CACHE_HOME = cache;
  process.env.TMPDIR = temp;
  delete process.env.EXPLORER_MOCK_CACHE;
  return () => rmSync(dir, { recursive: true, force: true });
}

