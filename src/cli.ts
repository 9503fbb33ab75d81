#!/usr/bin/env node
import { chainCounts } from './chain/chainCounts.js';
import { parseServeArgs, SERVE_USAGE } from './cli/parseServeArgs.js';
import { startServer } from './startServer.js';
import { EXPORT_USAGE, parseExportArgs } from './cli/parseExportArgs.js';
import { exportFixtures } from './export/exportFixtures.js';

/** `explorer-mock export …`: writes fixtures. */
function exportCommand(argv: readonly string[]): void {
  const parsed = parseExportArgs(argv);
  if (parsed.ok === 'help') return void process.stdout.write(EXPORT_USAGE);
  if (!parsed.ok) return usageError(parsed.message);
  const { files, manifest } = exportFixtures(parsed.options);
  process.stdout.write(`explorer-mock wrote ${files} responses and ${manifest}\n`);
}

function usageError(message: string): void {
  process.stderr.write(`explorer-mock: ${message}\nRun explorer-mock --help for usage.\n`);
  process.exitCode = 2;
}

/** The `explorer-mock` command: parses flags, starts the server, stops it on SIGINT/SIGTERM. */
async function main(argv: readonly string[]): Promise<void> {
  if (argv[0] === 'export') return exportCommand(argv.slice(1));
  const parsed = parseServeArgs(argv);
  if (parsed.ok === 'help') {
    process.stdout.write(SERVE_USAGE);
    return;
  }
  if (!parsed.ok) return usageError(parsed.message);
  const { seed, scenario, port, host, json, faults } = parsed.options;
  const server = await startServer({ seed, scenario, port, host, faults, warm: true });
  process.stdout.write(
    json
      ? `${JSON.stringify({ url: server.url, host: server.host, port: server.port, seed, scenario, counts: chainCounts(server.chain) })}\n`
      : `explorer-mock listening on ${server.url} (scenario ${scenario}, seed ${seed})\n`,
  );
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
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`explorer-mock: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
