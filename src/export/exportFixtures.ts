import { type Profile, PROFILES } from '../schemas/profile.js';
import { mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, normalize, relative } from 'node:path';
import { buildChain, createChainBuilder } from '../../generators/buildChain.js';
import type { ContractRuns } from '../../generators/ledger/contractRuns.js';
import '../app/loadModulesEagerly.js';
import { etherscanV2Module, nodeModule } from '../app/nodeModule.js';
import * as etherscanV2Api from '../etherscanV2/etherscanV2Api.js';
import * as node from '../rpc/node.js';
import { createLiveChain } from '../live/liveChain.js';
import type { CacheOption } from '../snapshotCache/cacheSettings.js';
import { type OpenedChain, openChainSync } from '../snapshotCache/openChain.js';
import type { Scenario } from '../../scenarios/types.js';
import { VERSION } from '../version.js';
import { DEFAULT_MEDIA_ORIGIN, originOptionProblem } from '../domain/nftMedia.js';
import { fixtureFileOf, fixtureRequests, mediaPathsIn } from './fixtureRequests.js';

const decoder = new TextDecoder();

// An export answers synchronously: Etherscan's API v2 and the node its proxy module runs on are handed over now.
etherscanV2Module.provide(etherscanV2Api);
nodeModule.provide(node);

export interface ExportOptions {
  /** A built-in scenario's name, or a scenario object (`loadScenario(file)` reads a file; the CLI's `--scenario FILE` does so). */
  readonly scenario?: string | Scenario;
  readonly seed?: string | number;
  /** What the EVM did running the scenario's contracts' own code (`await runContractCode({ scenario, seed })`): needed where it has such contracts. */
  readonly contractRuns?: ContractRuns;
  /** Directory to write into (created if missing). */
  readonly out: string;
  /** Pages of each list to follow (default 2). */
  readonly pages?: number;
  /** The snapshot cache of built chains, as in `startServer` (on by default; `false` turns it off). */
  readonly cache?: CacheOption;
  /** Whose answers to give: `'spec'` (the seed spec's, the default) or `'blockscout'` (Blockscout v11's). */
  readonly profile?: Profile;
  /** Where NFT media URLs point (default `http://127.0.0.1:4000`, the server's default address). */
  readonly publicUrl?: string;
}

export interface ManifestEntry {
  readonly file: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * Writes the answer to every fixture request into `out`, byte for byte as the server sends it,
 * and `manifest.json` mapping each request URL (path and query) to its file, status and headers:
 * what a team commits for Playwright's `page.route` or static mocks. Files an earlier export into
 * `out` wrote (named by its manifest) that this one does not write are deleted; other files stay.
 *
 * @example
 * exportFixtures({ scenario: 'default', seed: 1, out: 'fixtures', pages: 3 });
 */
export function exportFixtures(options: ExportOptions): { files: number; manifest: string } {
  checkExportOptions(options);
  const { scenario = 'default', seed = 1, cache } = options;
  const build = { scenario, seed, ...(options.contractRuns ? { contractRuns: options.contractRuns } : {}) };
  return exportOpenedChain(openChainSync({ ...build, ...(cache === undefined ? {} : { cache }) }, buildChain), options);
}

/** Refuses a profile or a public URL an export cannot use, before any chain is opened. */
export function checkExportOptions({ profile = 'spec', publicUrl = DEFAULT_MEDIA_ORIGIN }: ExportOptions): void {
  if (!PROFILES.includes(profile)) throw new TypeError(`exportFixtures: profile must be one of ${PROFILES.join(', ')}`);
  const originProblem = originOptionProblem(publicUrl);
  if (originProblem) throw new TypeError(`exportFixtures: ${originProblem}`);
}

/**
 * `exportFixtures` of the chain of `options` opened already: the CLI opens it asynchronously, so
 * that a scenario's contracts' runs come back from the snapshot (no EVM) or are run only on a miss.
 */
export function exportOpenedChain(opened: OpenedChain, options: ExportOptions): { files: number; manifest: string } {
  checkExportOptions(options);
  const {
    scenario = 'default',
    seed = 1,
    out,
    pages = 2,
    profile = 'spec',
    publicUrl = DEFAULT_MEDIA_ORIGIN,
  } = options;
  const contractRuns = options.contractRuns ?? opened.contractRuns;
  const build = { scenario, seed, ...(contractRuns ? { contractRuns } : {}) };
  opened.saveSnapshot();
  // Answered as a server answers: with the mempool in front of the head (its pending lists and counts).
  const app = createLiveChain(opened.chain, {
    profile,
    build,
    createBuilder: createChainBuilder,
    origin: () => publicUrl,
  }).current;
  const earlier = earlierFiles(out);
  const requests: Record<string, ManifestEntry> = {};
  // The pictures the answers' NFT metadata points at, written after them, so a page renders them offline.
  const media = new Set<string>();
  const write = (url: string) => {
    const answer = app.answer({ method: 'GET', url, header: () => undefined });
    const file = fixtureFileOf(url, answer.headers['content-type']);
    mkdirSync(dirname(join(out, file)), { recursive: true });
    writeFileSync(join(out, file), answer.body ?? new Uint8Array());
    requests[url] = { file, status: answer.status, headers: answer.headers };
    if (answer.body !== null && /json/.test(answer.headers['content-type'] ?? ''))
      for (const path of mediaPathsIn(typeof answer.body === 'string' ? answer.body : decoder.decode(answer.body)))
        media.add(path);
  };
  for (const url of fixtureRequests(app, pages)) write(url);
  for (const path of media) write(path);
  const manifest = join(out, 'manifest.json');
  writeFileSync(
    manifest,
    `${JSON.stringify({ generator: `explorer-mock ${VERSION}`, scenario: typeof scenario === 'string' ? scenario : scenario.name, seed: app.chain.seed, profile, pages, requests }, null, 2)}\n`,
  );
  const written = new Set(Object.values(requests).map((r) => r.file));
  for (const file of earlier) if (!written.has(file)) removeWithEmptyFolders(out, file);
  return { files: Object.keys(requests).length, manifest };
}

/** The files an earlier export into `out` wrote, from its manifest (none when there is no manifest of ours). */
function earlierFiles(out: string): string[] {
  try {
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as {
      generator?: unknown;
      requests?: Record<string, { file?: unknown }>;
    };
    if (typeof manifest.generator !== 'string' || !manifest.generator.startsWith('explorer-mock')) return [];
    return Object.values(manifest.requests ?? {})
      .map((r) => r.file)
      .filter((f): f is string => typeof f === 'string' && !isAbsolute(f) && !normalize(f).startsWith('..'));
  } catch {
    return [];
  }
}

/** Deletes a file an earlier export wrote, and the folders it leaves empty (never `out` itself). */
function removeWithEmptyFolders(out: string, file: string): void {
  rmSync(join(out, file), { force: true });
  for (
    let dir = dirname(join(out, file));
    relative(out, dir) !== '' && !relative(out, dir).startsWith('..');
    dir = dirname(dir)
  ) {
    if (readdirSync(dir).length) break;
    rmdirSync(dir);
  }
}
