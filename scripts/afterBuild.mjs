/**
 * Build step after `tsc`: copies the example scenarios' JSON files and the artifacts they name
 * beside their built siblings (`busy.js` extends `./quick.json`), and deletes built files whose
 * source is gone, so a package packed from a working copy ships no stale modules.
 */
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');

cpSync(join(root, 'scenarios/examples'), join(dist, 'scenarios/examples'), {
  recursive: true,
  filter: (path) => !path.endsWith('.ts'),
});

const BUILT = /\.(js|js\.map|d\.ts|d\.ts\.map)$/;
for (const folder of ['src', 'generators', 'scenarios', 'bench']) {
  const built = join(dist, folder);
  if (!existsSync(built)) continue;
  for (const entry of readdirSync(built, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !BUILT.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const source = join(root, relative(dist, path)).replace(BUILT, '.ts');
    if (!existsSync(source)) rmSync(path);
  }
}
