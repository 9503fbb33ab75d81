import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type SpawnedCli, spawnCli } from '../support/spawnCli.js';

const REGISTER = fileURLToPath(new URL('../support/moduleLog/register.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'explorer-mock-modules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The files of the bundle (`dist/bin/`) Node has loaded so far, in order. */
const bundleFilesIn = (log: string) =>
  readFileSync(log, 'utf8')
    .split('\n')
    .filter((url) => url.includes('/dist/bin/'))
    .map((url) => url.slice(url.indexOf('/dist/bin/') + '/dist/bin/'.length));

describe('the bundled explorer-mock command (dist/bin, scripts/bundleCli.mjs)', () => {
  it('starts from a cached chain loading a handful of files, the rest on first use', async () => {
    const log = join(dir, 'modules.log');
    const flags = ['--scenario', 'tiny', '--cache-dir', join(dir, 'cache')];
    await (await spawnCli(flags)).stop(); // builds the chain and caches its snapshot
    const cli = await spawnCli(flags, { MODULE_LOG: log }, ['--import', REGISTER]);
    try {
      const atReady = bundleFilesIn(log);
      // The entry and one chunk of the modules every lazy one shares (plus the packages those use):
      // without the shared start-up chunk this was about 50 files.
      expect(atReady[0]).toBe('cli.js');
      expect(atReady.length, atReady.join(', ')).toBeLessThanOrEqual(5);
      expect((await fetch(`${cli.url}/api/v2/blocks`)).status).toBe(200);
      expect(bundleFilesIn(log).length).toBeGreaterThan(atReady.length); // the blocks endpoint loaded on its first request
    } finally {
      await cli.stop();
    }
  });

  describe('runs what loads lazily: the EVM, its tracer, the node socket', () => {
    let cli: SpawnedCli;
    const rpc = async (method: string, params: unknown[]) => {
      const response = await fetch(`${cli.url}/rpc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
      return ((await response.json()) as { result: any }).result;
    };

    it('deploys and calls a contract, and traces its creation', async () => {
      cli = await spawnCli(['--scenario', 'tiny', '--no-cache']);
      try {
        const [from] = (await rpc('eth_accounts', [])) as string[];
        // Creation code that returns a runtime answering every call with the word 42.
        const runtime = '602a60005260206000f3';
        const hash = await rpc('eth_sendTransaction', [{ from, data: `0x600a600c600039600a6000f3${runtime}` }]);
        const receipt = await rpc('eth_getTransactionReceipt', [hash]);
        expect(receipt.status).toBe('0x1');
        expect(await rpc('eth_getCode', [receipt.contractAddress, 'latest'])).toBe(`0x${runtime}`);
        expect(BigInt(await rpc('eth_call', [{ to: receipt.contractAddress, data: '0x' }, 'latest']))).toBe(42n);
        const trace = await rpc('debug_traceTransaction', [hash, { tracer: 'callTracer' }]);
        expect(trace).toMatchObject({ type: 'CREATE', to: receipt.contractAddress, output: `0x${runtime}` });
        const socket = new WebSocket(`${cli.url.replace('http', 'ws')}/rpc`);
        const answer = new Promise<any>((resolve) =>
          socket.once('message', (data) => resolve(JSON.parse(String(data)))),
        );
        await new Promise((resolve) => socket.once('open', resolve));
        socket.send(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'eth_blockNumber', params: [] }));
        expect((await answer).result).toBe(await rpc('eth_blockNumber', []));
        socket.close();
      } finally {
        await cli.stop();
      }
    });
  });
});
