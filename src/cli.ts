#!/usr/bin/env node
import { chainCounts } from './chain/chainCounts.js';
import { parseServeArgs, SERVE_USAGE } from './cli/parseServeArgs.js';
import { startServer } from './startServer.js';

/** The `explorer-mock` command: parses flags, starts the server, stops it on SIGINT/SIGTERM. */
async function main(argv: readonly string[]): Promise<void> {
  const parsed = parseServeArgs(argv);
  if (parsed.ok === 'help') {
    process.stdout.write(SERVE_USAGE);
    return;
  }
  if (!parsed.ok) {
    process.stderr.write(`explorer-mock: ${parsed.message}\nRun explorer-mock --help for usage.\n`);
    process.exitCode = 2;
    return;
  }
  const { seed, scenario, port, host, json } = parsed.options;
  const server = await startServer({ seed, scenario, port, host });
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
