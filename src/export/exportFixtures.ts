import { type Profile, PROFILES } from '../schemas/profile.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildChain } from '../../generators/buildChain.js';
import '../app/loadModulesEagerly.js';
import { createChainApp } from '../app/chainApp.js';
import type { CacheOption } from '../snapshotCache/cacheSettings.js';
import { openChainSync } from '../snapshotCache/openChain.js';
import type { Scenario } from '../../scenarios/types.js';
import { VERSION } from '../version.js';
import { fixtureFileOf, fixtureRequests } from './fixtureRequests.js';

export interface ExportOptions {
  /** A built-in scenario's name, or a scenario object (`loadScenario(file)` reads a file; the CLI's `--scenario FILE` does so). */
  readonly scenario?: string | Scenario;
  readonly seed?: string | number;
  /** Directory to write into (created if missing). */
  readonly out: string;
  /** Pages of each list to follow (default 2). */
  readonly pages?: number;
  /** The snapshot cache of built chains, as in `startServer` (on by default; `false` turns it off). */
  readonly cache?: CacheOption;
  /** Whose answers to give: `'spec'` (the seed spec's, the default) or `'blockscout'` (Blockscout v11's). */
  readonly profile?: Profile;
}

export interface ManifestEntry {
  readonly file: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * Writes the answer to every fixture request into `out`, byte for byte as the server sends it,
 * and `manifest.json` mapping each request URL (path and query) to its file, status and headers:
 * what a team commits for Playwright's `page.route` or static mocks.
 *
 * @example
 * exportFixtures({ scenario: 'default', seed: 1, out: 'fixtures', pages: 3 });
 */
export function exportFixtures(options: ExportOptions): { files: number; manifest: string } {
  const { scenario = 'default', seed = 1, out, pages = 2, cache, profile = 'spec' } = options;
  if (!PROFILES.includes(profile)) throw new TypeError(`exportFixtures: profile must be one of ${PROFILES.join(', ')}`);
  const opened = openChainSync({ scenario, seed, ...(cache === undefined ? {} : { cache }) }, buildChain);
  opened.saveSnapshot();
  const app = createChainApp(opened.chain, undefined, profile);
  const requests: Record<string, ManifestEntry> = {};
  for (const url of fixtureRequests(app, pages)) {
    const answer = app.answer({ method: 'GET', url, header: () => undefined });
    const file = fixtureFileOf(url);
    mkdirSync(dirname(join(out, file)), { recursive: true });
    writeFileSync(join(out, file), answer.body ?? new Uint8Array());
    requests[url] = { file, status: answer.status, headers: answer.headers };
  }
  const manifest = join(out, 'manifest.json');
  writeFileSync(
    manifest,
    `${JSON.stringify({ generator: `explorer-mock ${VERSION}`, scenario: typeof scenario === 'string' ? scenario : scenario.name, seed: app.chain.seed, profile, pages, requests }, null, 2)}\n`,
  );
  return { files: Object.keys(requests).length, manifest };
}
