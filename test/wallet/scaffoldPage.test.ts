import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as AbiFunction from 'ox/AbiFunction';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testKey } from '../../src/chain/testKeys.js';
import { type RunningServer, startServer } from '../../src/startServer.js';
import { serveBundledPage } from '../support/bundledPage.js';
import { launchChromium } from '../support/chromium.js';
import type { CounterFlow } from './page/counterPage.js';

const counter = JSON.parse(readFileSync(new URL('../fixtures/contracts/Counter.json', import.meta.url), 'utf8'));
let server: RunningServer;
let page: Awaited<ReturnType<typeof serveBundledPage>>;

beforeAll(async () => {
  server = await startServer({ scenario: 'tiny', seed: 8, cache: false });
  page = await serveBundledPage(fileURLToPath(new URL('./page/counterPage.ts', import.meta.url)));
});
afterAll(async () => {
  page.close();
  await server.close();
});

describe('a scaffold-eth-style page in headless Chromium, on wagmi’s core actions', () => {
  it('deploys the Counter, writes, reads and watches it; a reverting write is simulated; the explorer shows them', async () => {
    const browser = await launchChromium();
    try {
      const tab = await browser.newPage();
      await tab.goto(page.url);
      const mock = server.url.replace('127.0.0.1', 'localhost');
      const account = testKey(0).address as `0x${string}`;
      const result = await tab.evaluate(
        ([url, from, artifact]) =>
          (globalThis as unknown as { counterFlow: CounterFlow }).counterFlow(url, from, artifact),
        [mock, account, { abi: counter.abi, bytecode: counter.bytecode }] as Parameters<CounterFlow>,
      );
      expect(result.count).toBe('1');
      expect(result.events).toEqual(['1']);
      expect(result.reverted).toBe('TooBig(1000)');
      expect(result.explorer).toEqual({
        transaction: 'success',
        isContract: true,
        creationTransaction: result.deployHash,
      });
      // The node holds what the page did.
      const code = (await (
        await fetch(`${server.url}/rpc`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getCode', params: [result.contract, 'latest'] }),
        })
      ).json()) as { result: string };
      expect(code.result).toBe(counter.deployedBytecode);
      // The node words reverts as geth does: a custom error alone, an Error(string)'s reason, a panic's meaning.
      const call = async (data: string) =>
        (
          (await (
            await fetch(`${server.url}/rpc`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                jsonrpc: '2.0',
                id: 1,
                method: 'eth_call',
                params: [{ to: result.contract, data }, 'latest'],
              }),
            })
          ).json()) as { error: { code: number; message: string; data: string } }
        ).error;
      const selector = (signature: string) => AbiFunction.getSelector(signature);
      expect(await call(`${selector('add(uint256)')}${(1000).toString(16).padStart(64, '0')}`)).toEqual({
        code: 3,
        message: 'execution reverted',
        data: `0xe0a89a3a${(1000).toString(16).padStart(64, '0')}`,
      });
      expect((await call(selector('fail()'))).message).toBe('execution reverted: nope');
      expect((await call(selector('underflow()'))).message).toBe(
        'execution reverted: arithmetic underflow or overflow',
      );
    } finally {
      await browser.close();
    }
  }, 90_000);
});
