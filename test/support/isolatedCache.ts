/**
 * vitest globalSetup: every test run gets its own empty snapshot cache (the default cache
 * directory, through XDG_CACHE_HOME, for the tests and the processes they spawn) and its own
 * temporary directory (TMPDIR, where `os.tmpdir()` looks: the scenario files, homes and caches the
 * tests make there), both removed at the end, so a run never reads what an earlier run or the
 * user left there, nor leaves anything behind. Each project runs this setup: the first makes the
 * directory, the others find it (nested, its paths grew past what a unix socket's name may hold,
 * and Chromium could not start).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MADE = 'EXPLORER_MOCK_TEST_RUN_DIR';

export default function setup(): () => void {
  // Made by an earlier project's setup in this run (not a value the user's environment carries).
  const made = process.env[MADE];
  if (made && process.env.TMPDIR?.startsWith(made)) return () => {};
  const dir = mkdtempSync(join(tmpdir(), 'explorer-mock-run-'));
  const cache = join(dir, 'cache');
  const temp = join(dir, 'tmp');
  mkdirSync(cache);
  mkdirSync(temp);
  process.env[MADE] = dir;
  process.env.XDG_CACHE_HOME = cache;
  process.env.TMPDIR = temp;
  delete process.env.EXPLORER_MOCK_CACHE;
  return () => {
    rmSync(dir, { recursive: true, force: true });
    delete process.env[MADE];
  };
}
