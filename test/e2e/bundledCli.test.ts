import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type SpawnedCli, spawnCli } from '../support/spawnCli.js';

const UNBUNDLED = fileURLToPath(new URL('../../dist/src/cli.js', import.meta.url));
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

  it('answers as the unbundled modules do, byte for byte: each API, the CSV exports, the stats service, the tracer', async () => {
    const flags = ['--scenario', 'tiny', '--seed', '3', '--profile', 'blockscout', '--no-cache'];
    const [bundled, modules] = await Promise.all([spawnCli(flags), spawnCli(flags, {}, [], UNBUNDLED)]);
    try {
      const first = (await (await fetch(`${bundled.url}/api/v2/transactions`)).json()) as { items: any[] };
      const tx = first.items.find((t) => t.block_number !== null)!;
      const address = tx.from.hash as string;
      const period = tx.timestamp.slice(0, 10);
      // (Not the home page: it says how long this start took.)
      const paths = [
        '/api/v2/blocks',
        '/api/v2/main-page/transactions',
        '/api/v2/stats',
        `/api/v2/transactions/${tx.hash}`,
        `/api/v2/addresses/${address}/transactions`,
        `/api/v2/addresses/${address}/transactions/csv?from_period=${period}&to_period=${period}`,
        `/api/v1/transactions-csv?address_id=${address}&from_period=${period}&to_period=${period}`,
        '/api/v2/transactions?type=blob_transaction',
        '/api/v2/beacon/deposits',
        '/api/v2/proxy/account-abstraction/operations',
        '/api/v2/advanced-filters?transaction_types=ERC-20',
        '/api/v2/smart-contracts',
        '/stats-service/api/v1/counters',
        `/api?module=account&action=txlist&address=${address}`,
        '/api/v2/nope',
      ];
      const rpc = [
        { method: 'eth_getBlockByNumber', params: ['latest', true] },
        { method: 'debug_traceTransaction', params: [tx.hash, { tracer: 'callTracer' }] },
        { method: 'eth_feeHistory', params: ['0x4', 'latest', [50]] },
      ];
      const answers = async (url: string) => {
        const out: string[] = [];
        for (const path of paths) {
          const response = await fetch(`${url}${path}`);
          out.push(`${path} ${response.status} ${await response.text()}`);
        }
        for (const call of rpc) {
          const response = await fetch(`${url}/rpc`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...call }),
          });
          out.push(`${call.method} ${response.status} ${await response.text()}`);
        }
        return out;
      };
      const [fromBundle, fromModules] = await Promise.all([answers(bundled.url), answers(modules.url)]);
      expect(fromBundle.filter((a) => / 200 /.test(a.slice(0, 400))).length).toBeGreaterThanOrEqual(paths.length - 1);
      // An answer that names the server's own address is compared with its port taken out.
      const samePorts = (list: string[], url: string) => list.map((a) => a.replaceAll(url, 'URL'));
      expect(samePorts(fromBundle, bundled.url)).toEqual(samePorts(fromModules, modules.url));
    } finally {
      await Promise.all([bundled.stop(), modules.stop()]);
    }
  });
});
