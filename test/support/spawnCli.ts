import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../dist/src/cli.js', import.meta.url));

export interface SpawnedCli {
  readonly child: ChildProcess;
  readonly url: string;
  readonly exit: Promise<number | null>;
  /** Resident set size, MB. */
  rss(): number;
}

/** Starts the built `explorer-mock` on a free port and resolves once it prints its ready line. */
export async function spawnCli(args: readonly string[] = []): Promise<SpawnedCli> {
  const child = spawn(process.execPath, [BIN, '--port', '0', '--json', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exit = once(child, 'exit').then(([code]) => code as number | null);
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
    });
    void exit.then((code) => reject(new Error(`explorer-mock exited with ${code} before it was ready`)));
  });
  const { url } = JSON.parse(line) as { url: string };
  return {
    child,
    url,
    exit,
    rss: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024,
  };
}
