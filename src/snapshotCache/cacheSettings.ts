import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where built chains are kept between runs, and how many. */
export interface CacheOptions {
  /** Default `$XDG_CACHE_HOME/explorer-mock`, else `~/.cache/explorer-mock`. */
  readonly dir?: string;
  /** Snapshots kept; the least recently used beyond it are dropped (default 20). */
  readonly maxEntries?: number;
}

/** `false` turns the snapshot cache off; an object changes where it is or how big. */
export type CacheOption = boolean | CacheOptions;

export interface CacheSettings {
  readonly dir: string;
  readonly maxEntries: number;
}

export const DEFAULT_MAX_ENTRIES = 20;

/** The default cache directory for an environment. */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache');
  return join(base, 'explorer-mock');
}

/**
 * The cache a start uses, or null when it is off: `cache: false`, or `EXPLORER_MOCK_CACHE=0` in the
 * environment (which wins, so CI can turn it off without touching code).
 */
export function cacheSettings(
  option: CacheOption | undefined,
  env: NodeJS.ProcessEnv = process.env,
): CacheSettings | null {
  if (option === false || env.EXPLORER_MOCK_CACHE === '0') return null;
  const given = typeof option === 'object' ? option : {};
  return { dir: given.dir ?? defaultCacheDir(env), maxEntries: given.maxEntries ?? DEFAULT_MAX_ENTRIES };
}

/** A problem with cache options, named for `where` (`startServer`, `createHandler`…), or null. */
export function cacheOptionProblem(option: unknown, where: string): string | null {
  if (option === undefined || typeof option === 'boolean') return null;
  if (typeof option !== 'object' || option === null)
    return `${where}: cache must be a boolean or { dir, maxEntries }, got ${String(option)}`;
  const { dir, maxEntries } = option as CacheOptions;
  if (dir !== undefined && (typeof dir !== 'string' || dir === ''))
    return `${where}: cache.dir must be a non-empty string`;
  if (maxEntries !== undefined && !(Number.isInteger(maxEntries) && maxEntries >= 1))
    return `${where}: cache.maxEntries must be a positive integer, got ${String(maxEntries)}`;
  return null;
}
