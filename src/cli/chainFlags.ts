import { scenarioNames } from '../../scenarios/index.js';
import { isScenarioPath } from '../../scenarios/scenarioPath.js';
import type { CacheOption } from '../snapshotCache/cacheSettings.js';
import { type Profile, PROFILES } from '../schemas/profile.js';

/** `--scenario` and `--seed`, shared by every command: validated, with their defaults. */
export function chainFlags(values: {
  readonly scenario?: string | undefined;
  readonly seed?: string | undefined;
}): { scenario: string; seed: string } | string {
  const scenario = values.scenario ?? 'default';
  if (!scenarioNames().includes(scenario) && !isScenarioPath(scenario))
    return `unknown scenario "${scenario}"; known: ${scenarioNames().join(', ')}, or a scenario file (.json, .ts, .mts, .js, .mjs)`;
  const seed = values.seed ?? '1';
  if (seed === '') return '--seed must not be empty';
  return { scenario, seed };
}

/** `--profile`: whose answers to give. */
export const PROFILE_FLAG_OPTIONS = { profile: { type: 'string' } } as const;

export const PROFILE_USAGE = `  --profile <name>      spec (the seed spec's answers, the default) or blockscout (Blockscout v11's)`;

/** The profile `--profile` asks for, or a message. */
export function profileFlag(values: { readonly profile?: string | undefined }): Profile | { error: string } {
  const profile = values.profile ?? 'spec';
  return PROFILES.includes(profile as Profile)
    ? (profile as Profile)
    : { error: `--profile must be one of ${PROFILES.join(', ')}, got "${profile}"` };
}

/** The options of `--cache-dir`, `--cache-max` and `--no-cache`, shared by every command. */
export const CACHE_FLAG_OPTIONS = {
  'cache-dir': { type: 'string' },
  'cache-max': { type: 'string' },
  'no-cache': { type: 'boolean' },
} as const;

export const CACHE_USAGE = `  --cache-dir <dir>     where built chains are cached (default $XDG_CACHE_HOME/explorer-mock,
                        else ~/.cache/explorer-mock)
  --cache-max <n>       snapshots kept, least recently used dropped first (default 20)
  --no-cache            build the chain every time (EXPLORER_MOCK_CACHE=0 does the same)`;

/** The snapshot cache the flags ask for (undefined: the default), or a message. */
export function cacheFlags(values: {
  readonly 'cache-dir'?: string | undefined;
  readonly 'cache-max'?: string | undefined;
  readonly 'no-cache'?: boolean | undefined;
}): CacheOption | undefined | { error: string } {
  if (values['no-cache'])
    return values['cache-dir'] !== undefined || values['cache-max'] !== undefined
      ? { error: '--no-cache cannot be combined with --cache-dir or --cache-max' }
      : false;
  if (values['cache-dir'] === '') return { error: '--cache-dir must not be empty' };
  const max = values['cache-max'];
  if (max !== undefined && !/^[1-9]\d{0,5}$/.test(max))
    return { error: `--cache-max must be a positive integer, got "${max}"` };
  if (values['cache-dir'] === undefined && max === undefined) return undefined;
  return {
    ...(values['cache-dir'] !== undefined ? { dir: values['cache-dir'] } : {}),
    ...(max !== undefined ? { maxEntries: Number(max) } : {}),
  };
}
