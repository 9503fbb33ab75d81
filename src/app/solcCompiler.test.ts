import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { installedSolc, solcAt } from './solcCompiler.js';

const dir = mkdtempSync(join(tmpdir(), 'explorer-mock-solc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A stand-in for a native `solc` binary (this machine has none, and npm serves none): an
 * executable that answers `--version` with the native banner and compiles standard JSON through
 * solc-js, so the binary's path (run directly, its banner read) is the one taken.
 */
function nativeSolc(): string {
  const file = join(dir, 'solc');
  writeFileSync(
    file,
    `#!/bin/sh
if [ "$1" = "--version" ]; then
  printf 'solc, the solidity compiler commandline interface\\nVersion: 0.8.30+commit.73712a01.Linux.g++\\n'
  exit 0
fi
exec ${JSON.stringify(process.execPath)} ${JSON.stringify(installedSolc(process.cwd())!)} "$@"
`,
  );
  chmodSync(file, 0o755);
  return file;
}

const INPUT = {
  language: 'Solidity',
  sources: {
    'A.sol': {
      content: 'pragma solidity ^0.8.0; contract A { function f() external pure returns (uint) { return 1; } }',
    },
  },
  settings: { outputSelection: { '*': { '*': ['abi', 'evm.deployedBytecode.object'] } } },
};

describe('a compiler given by path (--solc)', () => {
  it('runs a native binary as it is: its version read from its banner, standard JSON through its stdin', async () => {
    const solc = solcAt(nativeSolc());
    expect(solc.path).toBe(join(dir, 'solc'));
    expect(await solc.version()).toBe('0.8.30+commit.73712a01');
    const output = await solc.compile(INPUT);
    expect(output.contracts?.['A.sol']?.A?.abi?.map((x) => ('name' in x ? x.name : x.type))).toEqual(['f']);
    expect(output.contracts?.['A.sol']?.A?.evm?.deployedBytecode?.object).toMatch(/^[0-9a-f]{100,}$/);
  });

  it('runs solc-js by this Node, from its folder or its solc.js, its version alone on its line', async () => {
    const script = installedSolc(process.cwd())!;
    for (const path of [script, join(script, '..')]) {
      const solc = solcAt(path);
      expect(solc.path).toBe(script);
      expect(await solc.version()).toBe('0.8.30+commit.73712a01');
    }
  });

  it('fails a compiler that does not run, naming it', async () => {
    const missing = join(dir, 'no-such-solc');
    await expect(solcAt(missing).version()).rejects.toThrow(/ENOENT|no-such-solc/);
  });
});
