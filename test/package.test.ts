import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
let project: string;

/**
 * Installs the packed tarball into a fresh project, as a user would. Packed without `prepare`:
 * this project's setup has just built `dist/`, and a second build took 6–8 s.
 */
beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'explorer-mock-pack-'));
  const pack = ['pack', '--silent', '--ignore-scripts', '--pack-destination', project];
  const tarball = execFileSync('npm', pack, {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .pop()!;
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  execFileSync(
    'npm',
    [
      'install',
      '--silent',
      '--no-audit',
      '--no-fund',
      join(project, tarball),
      'fast-check@4',
      'typescript@5.9.3',
      '@types/node@20',
    ],
    { cwd: project, stdio: 'ignore' },
  );
}, 240_000);
afterAll(() => rmSync(project, { recursive: true, force: true }));

const run = (code: string) =>
  execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: project, encoding: 'utf8' });

describe('the published package', () => {
  it('ships only the built code, the README and the docs it links', () => {
    const files = readdirSync(join(project, 'node_modules/explorer-mock'));
    expect(files.sort()).toEqual(['ARCHITECTURE.md', 'README.md', 'dist', 'docs', 'package.json']);
  });

  it('ships the scenario files’ JSON Schema, as the server serves it', async () => {
    const { scenarioJsonSchema } = await import('../scenarios/schema.js');
    const shipped = run(`import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);
      const { readFileSync } = await import('node:fs'); console.log(readFileSync(require.resolve('explorer-mock/scenario.schema.json'), 'utf8'));`);
    expect(JSON.parse(shipped)).toEqual(JSON.parse(JSON.stringify(scenarioJsonSchema())));
  });

  it('exports a stable set of names from each entry point', () => {
    const names = JSON.parse(
      run(`const root = await import('explorer-mock'); const s = await import('explorer-mock/schemas'); const a = await import('explorer-mock/arbitraries');
        const pkg = await import('explorer-mock/package.json', { with: { type: 'json' } });
        console.log(JSON.stringify({ root: Object.keys(root).sort(), schemas: Object.keys(s).sort(), arbitraries: Object.keys(a).sort(), name: pkg.default.name }));`),
    );
    expect(names).toEqual({
      root: [
        'BuildChainError',
        'CreateHandlerError',
        'MAX_MINE',
        'MineError',
        'ScenarioError',
        'StartServerError',
        'buildChain',
        'createApi',
        'createChainBuilder',
        'createHandler',
        'defineScenario',
        'exportFixtures',
        'loadScenario',
        'runContractCode',
        'scenarioNames',
        'startServer',
      ],
      schemas: ['blockscoutSchemas', 'endpoints', 'explorerPageResponses', 'jsonSchemas', 'profileSchemas', 'schemas'],
      arbitraries: [
        'address',
        'addressHash',
        'addressListItem',
        'addressRef',
        'apiRequest',
        'beaconDeposit',
        'block',
        'blockHash',
        'chain',
        'errorResponse',
        'internalTransaction',
        'nftCollection',
        'page',
        'scenario',
        'smartContract',
        'token',
        'tokenBalance',
        'tokenInstance',
        'tokenTransfer',
        'transaction',
        'transactionHash',
        'userOperation',
        'userOperationInList',
        'userOpsAccount',
        'userOpsBundle',
        'withdrawal',
      ],
      name: 'explorer-mock',
    });
  });

  it('installs the explorer-mock command (the bundled CLI), which serves a scenario', () => {
    const out = run(`import { spawn } from 'node:child_process';
      const child = spawn('node_modules/.bin/explorer-mock', ['--scenario', 'tiny', '--port', '0', '--json', '--no-cache']);
      let line = '';
      const url = await new Promise((resolve) => child.stdout.on('data', (c) => { line += c; if (line.includes('\\n')) resolve(JSON.parse(line).url); }));
      const response = await fetch(url + '/api/v2/blocks');
      console.log(response.status, (await response.json()).items.length > 0);
      child.kill('SIGTERM');`);
    expect(out.trim()).toBe('200 true');
  });

  it('starts a server and validates its answers from a separate project', () => {
    const out = run(`import { startServer } from 'explorer-mock'; import { schemas } from 'explorer-mock/schemas';
      const server = await startServer({ scenario: 'tiny', port: 0 });
      const body = await fetch(server.url + '/api/v2/blocks').then((r) => r.json());
      schemas.responses.blocks.parse(body);
      await server.close();
      console.log('ok', body.items.length);`);
    expect(out.trim()).toMatch(/^ok [1-9][0-9]*$/);
  });

  it('gives arbitraries that a separate project can sample', () => {
    const out =
      run(`import fc from 'fast-check'; import { transaction } from 'explorer-mock/arbitraries'; import { schemas } from 'explorer-mock/schemas';
      for (const t of fc.sample(transaction({ status: 'error' }), 50)) schemas.transaction.parse(t);
      console.log('ok');`);
    expect(out.trim()).toBe('ok');
  });

  it('ships the example scenarios with the files they extend, runnable as a user runs them', () => {
    const out =
      run(`import { createRequire } from 'node:module'; import { loadScenario, buildChain, runContractCode } from 'explorer-mock';
      const require = createRequire(import.meta.url);
      const examples = require.resolve('explorer-mock/package.json').replace('package.json', 'dist/scenarios/examples/');
      for (const file of ['busy.js', 'quick.json', 'dapp.json', 'wallet.json']) {
        const chain = buildChain(await runContractCode({ scenario: await loadScenario(examples + file), seed: 1 }));
        console.log(file, chain.headHeight > 0);
      }`);
    expect(out.trim().split('\n')).toEqual(['busy.js true', 'quick.json true', 'dapp.json true', 'wallet.json true']);
  });

  it('ships source maps that carry their sources (the TypeScript files are not shipped)', () => {
    const dist = join(project, 'node_modules/explorer-mock/dist');
    const maps = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js.map'));
    expect(maps.length).toBeGreaterThan(100);
    for (const map of maps) {
      const { sources, sourcesContent } = JSON.parse(readFileSync(join(dist, map), 'utf8'));
      expect(sourcesContent?.length, map).toBe(sources.length);
    }
  });

  it('has type declarations that a TypeScript project can use', () => {
    writeFileSync(
      join(project, 'check.ts'),
      `import { startServer, buildChain, type Chain, type Profile } from 'explorer-mock';
       import { schemas, type Transaction, type Block } from 'explorer-mock/schemas';
       import { transaction } from 'explorer-mock/arbitraries';
       import type fc from 'fast-check';
       const arbitrary: fc.Arbitrary<Transaction> = transaction({ kind: 'contract_creation' });
       void arbitrary;
       const chain: Chain = buildChain({ scenario: 'tiny', seed: 1 });
       const t: Transaction = schemas.transaction.parse({});
       const b: Block['height'] = 1;
       const profile: Profile = 'blockscout';
       void startServer; void chain; void t; void b; void profile;`,
    );
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: ['node'],
        },
        files: ['check.ts'],
      }),
    );
    execFileSync(process.execPath, [join(project, 'node_modules/typescript/bin/tsc'), '-p', project], {
      cwd: project,
      encoding: 'utf8',
    });
  });
});
