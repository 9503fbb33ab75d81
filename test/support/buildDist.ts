/**
 * vitest globalSetup of the projects that run the built package (the CLI, the packed tarball, the
 * README's scripts): builds `dist/` first, incrementally, so no test ever runs code older than the
 * sources. Each project runs this setup; the first builds (5–6 s even when nothing changed: tsc
 * reads the whole program), the others find it built in this run.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BUILT = 'EXPLORER_MOCK_TEST_DIST_BUILT';

export default function setup(): () => void {
  if (process.env[BUILT]) return () => {};
  const root = fileURLToPath(new URL('../..', import.meta.url));
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  process.env[BUILT] = '1';
  return () => {
    delete process.env[BUILT];
  };
}
