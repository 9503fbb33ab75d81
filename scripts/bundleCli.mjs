/**
 * Build step after `tsc`: the CLI as one bundle, `dist/bin/cli.js`, with what it loads lazily
 * (each REST endpoint file, the EVM, the stats service...) as chunks beside it in
 * `dist/bin/chunks/`. Node's ESM loader pays per module (resolve, stat, read, compile, link):
 * the unbundled CLI loads about 150 modules before its first answer, and that was most of its
 * start-up. The library entry points (`dist/src/index.js`...) stay unbundled, as `tsc` wrote them.
 *
 * esbuild puts a module shared by several entry points (the CLI and each lazily imported module)
 * in a chunk of its own per set of entry points, so the modules the CLI imports at start-up came
 * out as about 50 chunks. Every lazily imported module of ours therefore also imports all of ours
 * among them (a side-effect import of a generated module, `startup-modules`): by the time one
 * loads, they have all run, and sharing one set of entry points they share one chunk. (Packages
 * are left out: esbuild drops side-effect imports of those that declare none.)
 *
 * Dependencies are bundled too, except tsx, which loads a scenario written in TypeScript and finds
 * its own loader files beside itself. Their `require` calls (the CommonJS ones: seedrandom, ws,
 * debug) get a real `require` from the banner. Identifiers are not minified, so stack traces keep
 * their function names.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = join(root, 'dist/bin');
const ENTRY = 'src/cli.ts';
const NOT_BUNDLED = /^tsx(\/|$)/;
const HUB = 'startup-modules';

const notBundled = {
  name: 'not-bundled',
  setup(b) {
    b.onResolve({ filter: NOT_BUNDLED }, (args) => ({ path: args.path, external: true }));
  },
};

const common = {
  absWorkingDir: root,
  entryPoints: { cli: ENTRY },
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
};

/** The modules the CLI imports statically (what it loads before answering), and the ones it imports lazily. */
async function importGraph() {
  const { metafile } = await build({ ...common, outdir, write: false, metafile: true, plugins: [notBundled] });
  const startup = new Set();
  const lazy = new Set();
  const stack = [ENTRY];
  while (stack.length) {
    const file = stack.pop();
    if (startup.has(file)) continue;
    startup.add(file);
    for (const edge of metafile.inputs[file]?.imports ?? [])
      if (edge.kind === 'import-statement' && !edge.external) stack.push(edge.path);
  }
  for (const input of Object.values(metafile.inputs))
    for (const edge of input.imports)
      if (edge.kind === 'dynamic-import' && !edge.external && /^(src|generators|scenarios)\/.*\.ts$/.test(edge.path))
        lazy.add(edge.path);
  startup.delete(ENTRY);
  return { startup, lazy };
}

const { startup, lazy } = await importGraph();

const startupChunk = {
  name: 'startup-chunk',
  setup(b) {
    b.onResolve({ filter: new RegExp(`^${HUB}$`) }, () => ({ path: HUB, namespace: HUB }));
    b.onLoad({ filter: /.*/, namespace: HUB }, () => ({
      contents: [...startup]
        .filter((file) => !file.startsWith('node_modules/'))
        .map((file) => `import ${JSON.stringify(join(root, file))};`)
        .join('\n'),
      resolveDir: root,
      loader: 'js',
    }));
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const file = args.path.slice(root.length).replace(/^\//, '');
      if (!lazy.has(file) || startup.has(file)) return undefined;
      return { contents: `import '${HUB}';\n${readFileSync(args.path, 'utf8')}`, loader: 'ts' };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  ...common,
  outdir,
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'linked',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  plugins: [notBundled, startupChunk],
});
