// Compiles the test contracts (test/fixtures/contracts/src) with solc-js into artifacts the tests
// deploy (test/fixtures/contracts/*.json): abi, bytecode, deployedBytecode and the standard-JSON
// input, as Foundry and Hardhat artifacts hold them. Run after changing a source:
//   node scripts/compileTestContracts.mjs
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const solc = require('solc');
const dir = new URL('../test/fixtures/contracts/', import.meta.url).pathname;
const sources = Object.fromEntries(
  readdirSync(join(dir, 'src')).map((file) => [
    `src/${file}`,
    { content: readFileSync(join(dir, 'src', file), 'utf8') },
  ]),
);
const input = {
  language: 'Solidity',
  sources,
  settings: {
    optimizer: { enabled: true, runs: 200 },
    evmVersion: 'cancun',
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object', 'metadata'] } },
  },
};
const imports = (path) => ({ contents: readFileSync(require.resolve(path), 'utf8') });
const output = JSON.parse(solc.compile(JSON.stringify(input), { import: imports }));
const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
for (const [file, contracts] of Object.entries(output.contracts)) {
  if (!file.startsWith('src/')) continue;
  for (const [name, c] of Object.entries(contracts)) {
    if (!c.evm.deployedBytecode.object) continue; // an interface
    const metadata = JSON.parse(c.metadata);
    const standardJson = {
      language: 'Solidity',
      sources: Object.fromEntries(
        Object.keys(metadata.sources).map((path) => [
          path,
          { content: sources[path]?.content ?? imports(path).contents },
        ]),
      ),
      settings: {
        optimizer: metadata.settings.optimizer,
        evmVersion: metadata.settings.evmVersion,
        outputSelection: { '*': { '*': ['abi'] } },
      },
    };
    const artifact = {
      contractName: name,
      sourceName: file,
      compiler: `v${solc.version().replace('.Emscripten.clang', '')}`,
      abi: c.abi,
      bytecode: `0x${c.evm.bytecode.object}`,
      deployedBytecode: `0x${c.evm.deployedBytecode.object}`,
      standardJson,
    };
    writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(artifact, null, 2)}\n`);
    console.log(`${name}: ${artifact.deployedBytecode.length / 2 - 1} bytes`);
  }
}
