import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../dist/bin/cli.js', import.meta.url));

export interface SpawnedCli {
  readonly child: ChildProcess;
  readonly url: string;
  /** The JSON ready line. */
  readonly ready: { url: string; chain: { source: 'snapshot' | 'built'; ms: number } };
  readonly exit: Promise<number | null>;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Sends SIGTERM and resolves with the exit code once it exits. */
  stop(): Promise<number | null>;
  /** Resident set size, MB. */
  rss(): number;
}

/** Runs the built CLI to completion (for commands that exit): its code and output. */
export async function runCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const [code] = await once(child, 'exit');
  return { code: code as number | null, stdout, stderr };
}

/**
 * Starts the built `explorer-mock` with `--port 0 --json` and the given flags; resolves once it prints its ready line.
 * `nodeArgs` go to Node itself (`--inspect=127.0.0.1:0` for {@link heapAfterCollection}); `bin` another
 * build of the command (the unbundled `dist/src/cli.js`).
 */
export async function spawnCli(
  args: readonly string[] = [],
  env: NodeJS.ProcessEnv = {},
  nodeArgs: readonly string[] = [],
  bin: string = BIN,
): Promise<SpawnedCli> {
  const child = spawn(process.execPath, [...nodeArgs, bin, '--port', '0', '--json', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
  const exit = once(child, 'exit').then(([code]) => code as number | null);
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
    });
    void exit.then((code) => reject(new Error(`explorer-mock exited with ${code} before it was ready: ${stderr}`)));
  });
  const ready = JSON.parse(line) as SpawnedCli['ready'];
  return {
    child,
    url: ready.url,
    ready,
    exit,
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exit;
    },
    rss: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024,
  };
}
