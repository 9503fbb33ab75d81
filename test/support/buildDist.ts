/**
 * vitest globalSetup of the projects that run the built package (the CLI, the packed tarball, the
 * README's scripts): builds `dist/` first, incrementally (a second or two when nothing changed),
 * so no test ever runs code older than the sources.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}
