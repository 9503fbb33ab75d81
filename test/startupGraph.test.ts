import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * What a file loads when it loads: its imports that stay in the emitted JavaScript (not `import
 * type`, not an import whose every name is a type, not a dynamic `import()`), re-exports included.
 * Repository files come back repository-relative (`src/x.ts`), packages as their specifier.
 */
function staticImportsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest);
  const out: string[] = [];
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typesOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typesOnly) specifier = statement.moduleSpecifier;
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier)) continue;
    const name = specifier.text;
    if (!name.startsWith('.')) out.push(name);
    else {
      const target = relative(ROOT, resolve(ROOT, dirname(file), name)).replace(/\.js$/, '.ts');
      out.push(existsSync(join(ROOT, target)) ? target : relative(ROOT, resolve(ROOT, dirname(file), name)));
    }
  }
  return out;
}

/** Every file and package loaded, transitively, when `entry` is (the repository's own files followed). */
function loadedWith(entry: string): Set<string> {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    for (const target of staticImportsOf(file)) {
      if (seen.has(target)) continue;
      seen.add(target);
      if (target.endsWith('.ts')) queue.push(target);
    }
  }
  return seen;
}

/**
 * What the server must not load before its first answer (issue: start-up within 2× a bare Node
 * server on tiny): each is loaded by the first request that needs it, or after start.
 */
const LOADED_ON_FIRST_USE: readonly (readonly [RegExp, string])[] = [
  [/^zod$/, 'zod (the schemas)'],
  [/^ox\/(TxEnvelope|Secp256k1|Hash$|AbiFunction|AbiParameters)/, "ox's envelopes, curves and ABI coder"],
  [/^@ethereumjs\//, 'the EVM'],
  [/^@faker-js\//, 'Faker'],
  [/^src\/rest\/endpoints\//, 'the REST endpoints (a file at a time, on its first request)'],
  [/^src\/rest\/csv\/csvHandlers\.ts$/, 'the CSV exports'],
  [/^src\/stats\/statsApi\.ts$/, 'the stats service'],
  [/^src\/rpc\/node\.ts$/, 'the node'],
  [/^src\/nodeSocket\/nodeSocket\.ts$/, "the node's websocket"],
  [/^src\/phoenix\/(blockEvents|mempoolEvents)\.ts$/, "the Phoenix socket's events"],
  [/^src\/views\/warmUp\.ts$/, 'the warm-up'],
  [/^src\/protocol\/blobData\.ts$/, 'the blob catalogue'],
  [/^src\/execution\//, 'the executors'],
  [/^generators\/buildChain\.ts$/, 'the chain builder'],
];

const offenders = (loaded: Set<string>) =>
  [...loaded].filter((m) => LOADED_ON_FIRST_USE.some(([pattern]) => pattern.test(m))).sort();

describe('what the CLI loads before it serves', () => {
  it('loads none of the APIs, libraries and data its first answer does not need', () => {
    expect(offenders(loadedWith('src/cli.ts'))).toEqual([]);
  });

  it('sees what a synchronous entry point imports eagerly (the walk finds them where they are; endpoints it loads by a top-level await)', () => {
    const eager = offenders(loadedWith('src/app/loadModulesEagerly.ts'));
    expect(eager).toContain('src/execution/evmExecutor.ts');
    expect(eager).toContain('src/stats/statsApi.ts');
    expect(eager).toContain('src/protocol/blobData.ts');
    // A type-only import loads nothing; a value import does.
    expect(offenders(loadedWith('src/protocol/transactionCodecs.ts'))).toContain('ox/Secp256k1');
    expect(offenders(loadedWith('src/protocol/transactionTypes.ts'))).toEqual([]);
  });
});
