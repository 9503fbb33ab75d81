// `npm test`: the format check, then the type check beside vitest. The type check takes one core
// for 17 to 25 s; run first, the other core idled through it, and vitest's own first seconds (its
// global setup builds dist/ with tsc) leave a core idle too. Arguments go to vitest.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Runs a node script of a dependency; resolves to its exit code (its output buffered when `quiet`). */
const run = (script, args, quiet) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: root, stdio: quiet ? 'pipe' : 'inherit' });
    let output = '';
    if (quiet) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });

const format = await run('node_modules/@biomejs/biome/bin/biome', ['format', '.'], false);
if (format.code !== 0) process.exit(format.code);
const typecheck = run('node_modules/typescript/bin/tsc', ['-p', 'tsconfig.json', '--noEmit'], true);
const tests = await run('node_modules/vitest/vitest.mjs', ['run', ...process.argv.slice(2)], false);
const types = await typecheck;
if (types.code !== 0) process.stderr.write(`\nThe type check failed:\n${types.output}\n`);
else console.log('Type check passed.');
process.exit(tests.code || types.code);
