import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../src/app/createApi.js';
import { getUrl } from '../src/rest/walkPages.js';
import type { Chain } from '../src/chain/types.js';
import { sharedChain } from './support/sharedChain.js';

const DOC_FILES = [
  'README.md',
  'ARCHITECTURE.md',
  ...readdirSync(new URL('../docs/', import.meta.url)).map((f) => `docs/${f}`),
];
/** The README and every page of docs/, which the README links: what a user reads. */
const DOCS = DOC_FILES.map((f) => readFileSync(new URL(`../${f}`, import.meta.url), 'utf8')).join('\n');
let chain: Chain;
beforeAll(() => {
  chain = sharedChain({ scenario: 'default', seed: 1 });
});

describe('the README and docs/', () => {
  it('gives example URLs that work on the default scenario', () => {
    const api = createApi(chain);
    const urls = [...DOCS.matchAll(/`(\/api\/v2\/[a-z][^`\s]*)`/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThanOrEqual(12);
    for (const url of urls) {
      expect(getUrl(api, url).status, url).toBe(200);
    }
  });

  it('shows the cursors the server gives for the example URLs', () => {
    const api = createApi(chain);
    const shown = [...DOCS.matchAll(/curl '[^']*(\/api\/v2\/[^']+)'\n# … "next_page_params":(\{[^}\n]*\})/g)];
    expect(shown.length).toBeGreaterThanOrEqual(1);
    for (const [, url, cursor] of shown) {
      expect(JSON.parse(getUrl(api, url!).body).next_page_params, url).toEqual(JSON.parse(cursor!));
    }
  });

  it('shows the scenario examples as the files the tests load', () => {
    const jsonBlocks = [...DOCS.matchAll(/```json\n([\s\S]*?)```/g)]
      .map((m) => m[1]!)
      .filter((b) => b.includes('"extends"'));
    const examples = ['quick.json', 'wallet.json', 'dapp.json'].map(
      (f) => JSON.parse(readFileSync(new URL(`../scenarios/examples/${f}`, import.meta.url), 'utf8')) as unknown,
    );
    for (const example of examples) expect(jsonBlocks.map((b) => JSON.parse(b) as unknown)).toContainEqual(example);
  });

  it('links only to files and headings that exist', () => {
    const slug = (heading: string) =>
      heading
        .trim()
        .toLowerCase()
        .replace(/[^\w\- ]/g, '')
        .replace(/ /g, '-');
    const broken: string[] = [];
    for (const file of DOC_FILES) {
      const text = readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:)/.test(target!)) continue;
        const [path, anchor] = target!.split('#') as [string, string?];
        const resolved = path ? join(dirname(file), path) : file;
        if (!existsSync(new URL(`../${resolved}`, import.meta.url))) broken.push(`${file}: ${target}`);
        else if (anchor && resolved.endsWith('.md')) {
          const headings = [
            ...readFileSync(new URL(`../${resolved}`, import.meta.url), 'utf8').matchAll(/^#{1,4} (.+)$/gm),
          ].map((m) => slug(m[1]!));
          if (!headings.includes(anchor)) broken.push(`${file}: ${target}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('names every handle the default scenario has', () => {
    for (const name of Object.keys(chain.handles)) expect(DOCS, name).toContain(`\`${name}\``);
  });
});

describe('the code examples of the README and docs/', () => {
  const blocks = (kind: string) =>
    [...DOCS.matchAll(new RegExp('```ts ' + kind + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);
  const dir = fileURLToPath(new URL('../test-artifacts/readme/', import.meta.url));

  it('type-checks every TypeScript block (scripts, tests and snippets) against the built package', () => {
    const all = [...DOCS.matchAll(/```ts(?: (?:script|test))?\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect(all.length).toBeGreaterThan(5);
    const typed = join(dir, 'typed');
    mkdirSync(typed, { recursive: true });
    // Each block is a module of its own (top-level await, its own imports).
    all.forEach((code, i) => writeFileSync(join(typed, `block-${i}.mts`), `${code}\nexport {};\n`));
    writeFileSync(
      join(typed, 'tsconfig.json'),
      JSON.stringify({
        extends: '../../../tsconfig.json',
        compilerOptions: { noEmit: true, noUnusedLocals: false, rootDir: '.', types: ['node'] },
        include: ['*.mts'],
      }),
    );
    const root = fileURLToPath(new URL('..', import.meta.url));
    try {
      execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', join(typed, 'tsconfig.json')], {
        cwd: root,
        encoding: 'utf8',
      });
    } catch (error) {
      throw new Error(`a TypeScript block of the docs does not type-check:\n${(error as { stdout: string }).stdout}`);
    }
  }, 120_000);

  it('runs every script example against the built package', () => {
    const scripts = blocks('script');
    expect(scripts.length).toBeGreaterThan(0);
    mkdirSync(dir, { recursive: true });
    // Types stripped here rather than by tsx's loader, which doubled the package's import (1.5 s
    // against 0.7 s a script); the block above type-checks them.
    const compilerOptions = { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 };
    scripts.forEach((code, i) => {
      const file = join(dir, `script-${i}.mjs`);
      writeFileSync(file, ts.transpileModule(code, { compilerOptions }).outputText);
      execFileSync(process.execPath, [file], { encoding: 'utf8', timeout: 60_000 });
    });
  });

  it('passes every test example (plain fast-check and @fast-check/vitest)', () => {
    const tests = blocks('test');
    expect(tests.length).toBeGreaterThanOrEqual(2);
    mkdirSync(dir, { recursive: true });
    tests.forEach((code, i) => writeFileSync(join(dir, `example-${i}.test.ts`), code));
    // The package loads as from a user's node_modules, natively, not through vite's transform (which
    // took 10 s against 6 s: this project's own name resolves to its dist/, outside node_modules).
    const config = `{ root: ${JSON.stringify(dir)}, include: ['example-*.test.ts'], server: { deps: { external: [/\\/dist\\//] } } }`;
    writeFileSync(join(dir, 'vitest.config.mts'), `export default { test: ${config} };\n`);
    const out = execFileSync(
      process.execPath,
      ['node_modules/vitest/vitest.mjs', 'run', '--config', join(dir, 'vitest.config.mts')],
      {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      },
    );
    expect(out).toMatch(new RegExp(`Test Files\\s+${tests.length} passed`));
  }, 120_000);
});
