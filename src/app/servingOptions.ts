import { validateFaults } from '../faults/validateFaults.js';
import type { FaultConfig } from '../faults/faultConfig.js';
import { type AccessOptions, accessOptionProblem } from '../http/accessPolicy.js';
import { originOptionProblem } from '../domain/nftMedia.js';
import { PROFILES } from '../schemas/profile.js';
import { cacheOptionProblem } from '../snapshotCache/cacheSettings.js';
import { etherscanOptionsProblem } from './etherscanV2Routes.js';

/** The options `startServer` and `createHandler` both take, as given (unchecked). */
export interface ServingOptions {
  readonly profile: unknown;
  readonly faults: FaultConfig;
  readonly etherscan: unknown;
  readonly access: AccessOptions;
  readonly cache: unknown;
  readonly publicUrl: unknown;
  readonly automine: unknown;
  readonly headTime: unknown;
  readonly genesisTime: number | undefined;
}

/**
 * What is wrong with the options a server and a handler share, as `where` (`startServer`,
 * `createHandler`) says it, or null. `flatFaults`: the faults are options of their own
 * (`createHandler`'s `latency`, `errorRate`…), not under `faults`.
 */
export function servingOptionsProblem(where: string, options: ServingOptions, flatFaults = false): string | null {
  const { profile, faults, etherscan, access, cache, publicUrl, automine, headTime, genesisTime } = options;
  if (!PROFILES.includes(profile as never))
    return `${where}: profile must be one of ${PROFILES.join(', ')}, got ${JSON.stringify(profile)}`;
  const faultProblem = validateFaults(faults);
  if (faultProblem) return `${where}: ${flatFaults ? faultProblem.replace(/faults\./g, '') : faultProblem}`;
  const etherscanProblem = etherscanOptionsProblem(etherscan as never);
  if (etherscanProblem) return `${where}: ${etherscanProblem}`;
  const accessProblem = accessOptionProblem(access, where);
  if (accessProblem) return accessProblem;
  const cacheProblem = cacheOptionProblem(cache, where);
  if (cacheProblem) return cacheProblem;
  const originProblem = publicUrl === undefined ? undefined : originOptionProblem(publicUrl);
  if (originProblem) return `${where}: ${originProblem}`;
  if (typeof automine !== 'boolean') return `${where}: automine must be true or false, got ${JSON.stringify(automine)}`;
  const headTimeProblem = headTimeOptionProblem(headTime, genesisTime);
  if (headTimeProblem) return `${where}: ${headTimeProblem}`;
  return null;
}

/** What is wrong with a `headTime` option (beside a `genesisTime`, which anchors the other end), or undefined. */
export function headTimeOptionProblem(headTime: unknown, genesisTime: number | undefined): string | undefined {
  if (headTime === undefined) return undefined;
  if (headTime !== 'now' && !(typeof headTime === 'number' && Number.isSafeInteger(headTime) && headTime >= 0))
    return `headTime must be unix seconds or 'now', got ${JSON.stringify(headTime)}`;
  if (genesisTime !== undefined) return 'give headTime or genesisTime, not both: each anchors the chain’s clock';
  return undefined;
}
