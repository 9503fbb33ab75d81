import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('the vitest globalSetup recipe', () => {
  it('runs a suite against a server started once on port 0', () => {
    const out = execFileSync(
      process.execPath,
      ['node_modules/vitest/vitest.mjs', 'run', '--config', 'test/recipes/globalSetup/vitest.config.ts'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, CI: '1', NO_COLOR: '1' },
      },
    );
    expect(out).toMatch(/1 passed/);
  }, 60_000);
});
