import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../dist/bin/cli.js', import.meta.url));

interface Run {
  readonly child: ChildProcess;
  readonly firstLine: Promise<string>;
  readonly exit: Promise<{ code: number | null; stderr: string; stdout: string }>;
}

function run(args: string[]): Run {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let resolveLine: (line: string) => void;
  const firstLine = new Promise<string>((resolve) => (resolveLine = resolve));
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk;
    if (stdout.includes('\n')) resolveLine(stdout.slice(0, stdout.indexOf('\n')));
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
  const exit = once(child, 'exit').then(([code]) => ({ code: code as number | null, stderr, stdout }));
  return { child, firstLine, exit };
}

describe('the explorer-mock command', () => {
  it('prints the ready line, serves, and exits 0 on SIGTERM', async () => {
    const r = run(['--scenario', 'tiny', '--seed', '9', '--port', '0']);
    const line = await r.firstLine;
    const match =
      /^explorer-mock listening on (http:\/\/127\.0\.0\.1:(\d+)) \(scenario tiny, seed 9; chain (built|loaded from the cache) in \d+ ms\)$/.exec(
        line,
      );
    expect(match, line).not.toBeNull();
    const response = await fetch(`${match![1]}/api/v2/blocks`);
    expect(response.status).toBe(200);
    r.child.kill('SIGTERM');
    expect((await r.exit).code).toBe(0);
  });

  it('prints one JSON line with --json, and exits 0 on SIGINT', async () => {
    const r = run(['--scenario=tiny', '--port=0', '--json']);
    const info = JSON.parse(await r.firstLine) as Record<string, unknown>;
    // The keys the README's flag table names.
    expect(Object.keys(info)).toEqual(['url', 'host', 'port', 'seed', 'scenario', 'profile', 'chain', 'counts']);
    expect(info).toMatchObject({
      profile: 'spec',
      chain: { source: expect.stringMatching(/^(snapshot|built)$/), ms: expect.any(Number) },
      host: '127.0.0.1',
      seed: '1',
      scenario: 'tiny',
      counts: { blocks: expect.any(Number), transactions: expect.any(Number), addresses: expect.any(Number) },
    });
    expect(info.url).toBe(`http://127.0.0.1:${info.port}`);
    expect((await fetch(`${info.url}/api/v2/addresses`)).status).toBe(200);
    r.child.kill('SIGINT');
    expect((await r.exit).code).toBe(0);
  });

  it.each([
    [['--port', 'abc'], /--port must be an integer/],
    [['--scenario', 'nope'], /unknown scenario "nope"/],
    [['--bogus'], /Unknown option '--bogus'/],
  ])('rejects %j with a message and exit code 2', async (args, message) => {
    const r = await run(args).exit;
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toMatch(/Run explorer-mock --help for usage/);
  });

  it('says which port is in use and how to choose another, exit code 1', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as AddressInfo).port;
    try {
      const r = await run(['--scenario', 'tiny', '--port', String(port)]).exit;
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`port ${port} on 127.0.0.1 is in use`);
      expect(r.stderr).toContain('--port 0');
      expect(r.stderr).toContain('npm start -- --port 4001');
    } finally {
      holder.close();
    }
  });

  it('prints usage with --help', async () => {
    const r = await run(['--help']).exit;
    expect(r.code).toBe(0);
    for (const flag of ['--seed', '--scenario', '--port', '--host', '--json', '--help'])
      expect(r.stdout).toContain(flag);
  });
});
