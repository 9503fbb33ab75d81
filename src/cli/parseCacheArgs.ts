import { parseArgs } from 'node:util';
import { defaultCacheDir } from '../snapshotCache/cacheSettings.js';
import type { Parsed } from './parseServeArgs.js';

export const CACHE_COMMAND_USAGE = `Usage: explorer-mock cache ls | clear [--cache-dir DIR]

  ls      list the cached chain snapshots: size, scenario, seed, written, last used
  clear   remove every cached snapshot

  --cache-dir <dir>   the cache directory (default $XDG_CACHE_HOME/explorer-mock, else ~/.cache/explorer-mock)
  -h, --help          show this help
`;

export interface CacheCommand {
  readonly action: 'ls' | 'clear';
  readonly dir: string;
}

/** `explorer-mock cache …`: which action, on which directory. */
export function parseCacheArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Parsed<CacheCommand> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      options: { 'cache-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
  const { values, positionals } = parsed;
  if (values.help) return { ok: 'help' };
  const [action, ...rest] = positionals;
  if (action !== 'ls' && action !== 'clear')
    return { ok: false, message: `cache needs ls or clear${action === undefined ? '' : `, got "${action}"`}` };
  if (rest.length) return { ok: false, message: `Unexpected argument '${rest[0]}'` };
  if (values['cache-dir'] === '') return { ok: false, message: '--cache-dir must not be empty' };
  return { ok: true, options: { action, dir: values['cache-dir'] ?? defaultCacheDir(env) } };
}
