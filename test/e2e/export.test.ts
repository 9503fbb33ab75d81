import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/startServer.js';

const BIN = fileURLToPath(new URL('../../dist/bin/cli.js', import.meta.url));
let out: string;
let server: RunningServer;
let manifest: {
  scenario: string;
  seed: string;
  pages: number;
  requests: Record<string, { file: string; status: number; headers: Record<string, string> }>;
};

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'explorer-mock-export-'));
  server = await startServer({ scenario: 'tiny', seed: 4, port: 0 });
  // Fixtures name where their NFT media are served: the server they are compared with.
  const printed = execFileSync(
    process.execPath,
    [BIN, 'export', '--scenario', 'tiny', '--seed', '4', '--out', out, '--pages', '3', '--public-url', server.url],
    { encoding: 'utf8' },
  );
  expect(printed).toMatch(/wrote \d+ responses/);
  manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
});
afterAll(async () => {
  await server.close();
  rmSync(out, { recursive: true, force: true });
});

describe('explorer-mock export', () => {
  it('covers every endpoint and every notable entity, following list cursors', () => {
    const urls = Object.keys(manifest.requests);
    expect(manifest).toMatchObject({ scenario: 'tiny', seed: '4', pages: 3 });
    for (const value of Object.values(server.chain.handles))
      expect(
        urls.some((u) => u.includes(value)),
        value,
      ).toBe(true);
    for (const pattern of [
      /^\/api\/v2\/addresses$/,
      /\/tokens$/,
      /\/token-transfers$/,
      /\/transactions$/,
      /\/internal-transactions$/,
      /\/nft\/collections$/,
      /\/withdrawals$/,
      /^\/api\/v2\/blocks$/,
      /^\/api\/v2\/blocks\/[^/]+\/transactions$/,
      /^\/api\/v2\/transactions\/[^/]+\/token-transfers$/,
      /^\/api\/v2\/smart-contracts\//,
      /^\/api\/v2\/addresses\/0x[0-9a-fA-F]{40}$/,
    ]) {
      expect(
        urls.some((u) => pattern.test(u)),
        String(pattern),
      ).toBe(true);
    }
    // Second and third pages are there, found by following next_page_params.
    expect(
      urls.some((u) => u.includes(`/addresses/${server.chain.handles.busyAddress}/transactions?block_number=`)),
    ).toBe(true);
    expect(
      urls.filter((u) => u.startsWith(`/api/v2/addresses/${server.chain.handles.busyAddress}/transactions`)),
    ).toHaveLength(3);
  });

  it('writes bodies byte-identical to what the server returns, with its status and headers', async () => {
    const entries = Object.entries(manifest.requests);
    for (const [url, entry] of entries.filter((_, i) => i % 7 === 0)) {
      const response = await fetch(`${server.url}${url}`);
      const served = Buffer.from(await response.arrayBuffer());
      expect(readFileSync(join(out, entry.file)).equals(served), url).toBe(true);
      expect(entry.status).toBe(response.status);
      expect(entry.headers['content-type']).toBe(response.headers.get('content-type'));
      expect(entry.headers['content-length']).toBe(response.headers.get('content-length'));
    }
  });

  it('rejects bad flags with exit code 2', () => {
    expect(() => execFileSync(process.execPath, [BIN, 'export', '--scenario', 'tiny'], { stdio: 'pipe' })).toThrow(
      /export needs --out/,
    );
    let failure: { status: number; stderr: Buffer } | undefined;
    try {
      execFileSync(process.execPath, [BIN, 'export', '--out', out, '--pages', '0'], { stdio: 'pipe' });
    } catch (error) {
      failure = error as typeof failure;
    }
    expect(failure?.status).toBe(2);
    expect(String(failure?.stderr)).toMatch(/--pages must be an integer/);
    let refused: typeof failure;
    try {
      execFileSync(process.execPath, [BIN, 'export', '--out', out, '--public-url', 'localhost:4000'], {
        stdio: 'pipe',
      });
    } catch (error) {
      refused = error as typeof failure;
    }
    expect(refused?.status).toBe(2);
    expect(String(refused?.stderr)).toMatch(/--public-url must be an http or https origin/);
  });

  it('exports a scenario file as a server serves it, and refuses a bad one with its path and exit code 2', async () => {
    const wallet = fileURLToPath(new URL('../../scenarios/examples/wallet.json', import.meta.url));
    const dir = mkdtempSync(join(tmpdir(), 'explorer-mock-export-file-'));
    try {
      const served = await startServer({ scenario: wallet, seed: 2, cache: false });
      try {
        execFileSync(
          process.execPath,
          [
            BIN,
            'export',
            '--scenario',
            wallet,
            '--seed',
            '2',
            '--out',
            dir,
            '--pages',
            '1',
            '--no-cache',
            '--public-url',
            served.url,
          ],
          { encoding: 'utf8' },
        );
        const written = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as typeof manifest;
        expect(written.scenario).toBe('wallet');
        const urls = Object.keys(written.requests);
        expect(urls.length).toBeGreaterThan(100);
        for (const url of urls.filter((_, i) => i % 10 === 0)) {
          const body = Buffer.from(await (await fetch(`${served.url}${url}`)).arrayBuffer());
          expect(body.equals(readFileSync(join(dir, written.requests[url]!.file))), url).toBe(true);
        }
      } finally {
        await served.close();
      }
      const bad = join(dir, 'bad.json');
      writeFileSync(bad, JSON.stringify({ extends: 'tiny', entities: { accounts: [{ name: 'whale' }] } }));
      let failure: { status: number; stderr: Buffer } | undefined;
      try {
        execFileSync(process.execPath, [BIN, 'export', '--scenario', bad, '--out', dir, '--no-cache'], {
          stdio: 'pipe',
        });
      } catch (error) {
        failure = error as typeof failure;
      }
      expect(failure?.status).toBe(2);
      expect(String(failure?.stderr).trim()).toMatch(
        new RegExp(
          `^explorer-mock: ${bad}: entities\\.accounts\\[0\\]\\.name: "whale" is already a handle of every chain`,
        ),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
