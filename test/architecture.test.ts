import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = ['src', 'generators', 'scenarios'];

/** Every source file (tests excluded), repository-relative. */
function sourceFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) out.push(path);
    }
  };
  for (const dir of SOURCES) walk(dir);
  return out.sort();
}

/** The repository files a file imports: static, type-only, re-exports and dynamic `import()`. */
function importsOf(file: string, known: ReadonlySet<string>): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
  return importedFiles
    .map((f) => f.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => relative(ROOT, resolve(ROOT, dirname(file), name)).replace(/\.js$/, '.ts'))
    .filter((target) => known.has(target));
}

/** The code map's layers, read from ARCHITECTURE.md: each unit (a folder or a file) and its layer. */
function layers(): { unit: string; layer: number }[] {
  const map = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8');
  return [...map.matchAll(/^\| (\d+) \| `([^`]+)` \|/gm)].map((m) => ({ unit: m[2]!, layer: Number(m[1]) }));
}

/** The unit a file belongs to: the longest unit path that is the file or a folder holding it. */
const unitOf = (units: readonly { unit: string }[], file: string): string | undefined =>
  units
    .map((u) => u.unit)
    .filter((unit) => file === unit || file.startsWith(`${unit}/`))
    .sort((a, b) => b.length - a.length)[0];

/** Strongly connected components of more than one file (Tarjan): the import cycles. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const files = sourceFiles();
const graph = new Map(files.map((f) => [f, importsOf(f, new Set(files))]));

describe('the code map (ARCHITECTURE.md)', () => {
  const units = layers();
  const layerOf = new Map(units.map((u) => [u.unit, u.layer]));

  it('places every source file in a unit of the map', () => {
    expect(units.length).toBeGreaterThan(20);
    expect(files.filter((f) => unitOf(units, f) === undefined)).toEqual([]);
  });

  it('has no import cycle between files (type-only and dynamic imports count)', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('has every import point down the map: to the same unit or a lower layer', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      const from = unitOf(units, file)!;
      for (const target of targets) {
        const to = unitOf(units, target)!;
        if (to !== from && layerOf.get(to)! >= layerOf.get(from)!)
          wrong.push(
            `${file} (${from}, layer ${layerOf.get(from)}) imports ${target} (${to}, layer ${layerOf.get(to)})`,
          );
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('the import checks themselves', () => {
  it('find a cycle, and a self-import', () => {
    const broken = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['d.ts']],
      ['e.ts', ['a.ts']],
    ]);
    expect(cycles(broken)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
  });

  it('see type-only, re-exported and dynamic imports', () => {
    const { importedFiles } = ts.preProcessFile(
      "import type { A } from './a.js';\nexport * from './b.js';\nconst m = () => import('./c.js');\nconst s = `import x from './d.sol'`;",
      true,
      true,
    );
    expect(importedFiles.map((f) => f.fileName)).toEqual(['./a.js', './b.js', './c.js']);
  });
});
