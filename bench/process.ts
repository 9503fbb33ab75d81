import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface Started {
  readonly child: ChildProcess;
  /** The first line the process printed. */
  readonly line: string;
  /** Milliseconds from spawn to that line. */
  readonly ms: number;
}

/** Spawns `node args…` and resolves with its first line of output. */
export function spawnUntilLine(args: readonly string[]): Promise<Started> {
  const start = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      const end = out.indexOf('\n');
      if (end >= 0) resolve({ child, line: out.slice(0, end), ms: performance.now() - start });
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code} before printing`)));
  });
}

export const urlIn = (line: string) => /(http:\/\/[^\s"]+)/.exec(line)![1]!.replace(/[",]+$/, '');

/** Resident set size of a process, in MB (Linux). */
export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
