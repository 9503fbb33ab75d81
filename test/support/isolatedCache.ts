/**
 * vitest globalSetup: every test run gets its own empty snapshot cache (the default cache
 * directory, through XDG_CACHE_HOME, for the tests and the processes they spawn), removed at the
 * end, so a run never reads what an earlier run or the user left there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'explorer-mock-test-cache-'));
  process.env.XDG_CACHE_HOME = dir;
  delete process.env.EXPLORER_MOCK_CACHE;
  return () => rmSync(dir, { recursive: true, force: true });
}
