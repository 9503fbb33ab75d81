#!/usr/bin/env node
import { resolve } from 'node:path';
import { isScenarioPath } from '../scenarios/scenarioPath.js';
import { chainCounts } from './chain/chainCounts.js';
import { parseServeArgs, SERVE_USAGE } from './cli/parseServeArgs.js';
import { startServer } from './startServer.js';
// Both on the serving path already (imported here, not loaded later, so the bundle keeps them in its first chunk).
import { CONTRACT_RUNNER } from './app/contractRunner.js';
import { openChain } from './snapshotCache/openChain.js';

// Only serving is on the start-up path: the other commands load what they need when run.

/** `explorer-mock export …`: writes fixtures. */
async function exportCommand(argv: readonly string[]): Promise<void> {
  const { EXPORT_USAGE, parseExportArgs } = await import('./cli/parseExportArgs.js');
  const parsed = parseExportArgs(argv);
  if (parsed.ok === 'help') return void process.stdout.write(EXPORT_USAGE);
  if (!parsed.ok) return usageError(parsed.message);
  const { exportFixtures } = await import('./export/exportFixtures.js');
  const { scenario } = parsed.options;
  if (typeof scenario !== 'string' || !isScenarioPath(scenario)) {
    const { files, manifest } = exportFixtures(parsed.options);
    return void process.stdout.write(`explorer-mock wrote ${files} responses and ${manifest}\n`);
  }
  // A scenario file is read (and checked) first; what it asks that no chain can give is the file's problem.
  const { loadScenario, scenarioErrorOf } = await import('../scenarios/loadScenario.js');
  const loaded = await loadScenario(scenario);
  let written;
  try {
    // Opened as a server opens it: its contracts' runs kept by the snapshot, or run on a miss only.
    const { checkExportOptions, exportOpenedChain } = await import('./export/exportFixtures.js');
    checkExportOptions(parsed.options);
    const { seed = 1, cache } = parsed.options;
    const opened = await openChain({
      scenario: loaded,
      seed,
      ...(cache === undefined ? {} : { cache }),
      contractRunner: CONTRACT_RUNNER,
    });
    written = exportOpenedChain(opened, { ...parsed.options, scenario: loaded });
  } catch (error) {
    throw scenarioErrorOf(resolve(scenario), error) ?? error;
  }
  const { files, manifest } = written;
  process.stdout.write(`explorer-mock wrote ${files} responses and ${manifest}\n`);
}

/** `explorer-mock cache ls | clear`: lists or empties the snapshot cache. */
async function cacheCommand(argv: readonly string[]): Promise<void> {
  const { CACHE_COMMAND_USAGE, parseCacheArgs } = await import('./cli/parseCacheArgs.js');
  const parsed = parseCacheArgs(argv);
  if (parsed.ok === 'help') return void process.stdout.write(CACHE_COMMAND_USAGE);
  if (!parsed.ok) return usageError(parsed.message);
  const { clearSnapshots, listSnapshots } = await import('./snapshotCache/snapshotStore.js');
  const { dir, action } = parsed.options;
  if (action === 'ls') {
    const { formatCacheList } = await import('./cli/formatCacheList.js');
    return void process.stdout.write(formatCacheList(dir, listSnapshots(dir)));
  }
  const { files, bytes } = clearSnapshots(dir);
  process.stdout.write(
    `explorer-mock removed ${files} cached chain${files === 1 ? '' : 's'} (${(bytes / 1e6).toFixed(1)} MB) from ${dir}\n`,
  );
}

function usageError(message: string): void {
  process.stderr.write(`explorer-mock: ${message}\nRun explorer-mock --help for usage.\n`);
  process.exitCode = 2;
}

/** The `explorer-mock` command: parses flags, starts the server, stops it on SIGINT/SIGTERM. */
async function main(argv: readonly string[]): Promise<void> {
  if (argv[0] === 'export') return exportCommand(argv.slice(1));
  if (argv[0] === 'cache') return cacheCommand(argv.slice(1));
  const parsed = parseServeArgs(argv);
  if (parsed.ok === 'help') {
    process.stdout.write(SERVE_USAGE);
    return;
  }
  if (!parsed.ok) return usageError(parsed.message);
  const {
    seed,
    scenario,
    port,
    host,
    publicUrl,
    json,
    faults,
    cache,
    profile,
    growth,
    watch,
    access,
    etherscan,
    solc,
  } = parsed.options;
  const server = await startServer({
    seed,
    scenario,
    port,
    host,
    ...(publicUrl === undefined ? {} : { publicUrl }),
    faults,
    profile,
    warm: true,
    watch,
    ...growth,
    ...access,
    ...(cache === undefined ? {} : { cache }),
    ...(etherscan ? { etherscan } : {}),
    ...(solc === undefined ? {} : { solc }),
  }).catch((error: unknown) => {
    // A port another process holds: say which, and how to pick another.
    if ((error as NodeJS.ErrnoException)?.code === 'EADDRINUSE')
      throw new Error(
        `port ${port} on ${host} is in use (another explorer-mock, or another server?): choose another with --port <n>, or --port 0 for a free one (through npm: npm start -- --port 4001)`,
      );
    throw error;
  });
  const { source, chainMs } = server.origin;
  const started = `${source === 'snapshot' ? 'loaded from the cache' : 'built'} in ${Math.round(chainMs)} ms`;
  // Handlers first: a supervisor may signal as soon as it reads the ready line.
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`explorer-mock: could not close cleanly: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.stdout.write(
    json
      ? `${JSON.stringify({ url: server.url, host: server.host, port: server.port, seed, scenario, profile, chain: { source, ms: Math.round(chainMs) }, counts: chainCounts(server.chain) })}\n`
      : `explorer-mock listening on ${server.url} (scenario ${scenario}, seed ${seed}${profile === 'spec' ? '' : `, profile ${profile}`}; chain ${started})\n`,
  );
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`explorer-mock: ${error instanceof Error ? error.message : String(error)}\n`);
  // A scenario that cannot be used is bad input, like a bad flag.
  process.exitCode = error instanceof Error && error.name === 'ScenarioError' ? 2 : 1;
});
