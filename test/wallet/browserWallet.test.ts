import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/startServer.js';
import { serveBundledPage } from '../support/bundledPage.js';
import { launchChromium } from '../support/chromium.js';
import type { SendAndConfirm } from './page/sendPage.js';
import { KEY0 } from './support.js';

let server: RunningServer;
let page: Awaited<ReturnType<typeof serveBundledPage>>;

beforeAll(async () => {
  // The mock mines only when asked, so the page sees its transaction pending first.
  server = await startServer({ scenario: 'tiny', seed: 8, cache: false, automine: false });
  page = await serveBundledPage(fileURLToPath(new URL('./page/sendPage.ts', import.meta.url)));
});
afterAll(async () => {
  page.close();
  await server.close();
});

describe('a dApp page in headless Chromium', () => {
  it('sends with viem and polls the REST API until its transaction is confirmed', async () => {
    const browser = await launchChromium();
    try {
      const tab = await browser.newPage();
      await tab.goto(page.url);
      const head = server.chain.headHeight;
      const mock = server.url.replace('127.0.0.1', 'localhost');
      const done = tab.evaluate(
        ([url, key]) => (globalThis as unknown as { sendAndConfirm: SendAndConfirm }).sendAndConfirm(url, key),
        [mock, KEY0] as [string, `0x${string}`],
      );
      // Mine once the page has seen it pending.
      for (
        let i = 0;
        i < 400 &&
        ((await (await fetch(`${server.url}/__mock/scenario`)).json()) as { node: { sent: number } }).node.sent === 0;
        i++
      )
        await new Promise((resolve) => setTimeout(resolve, 25));
      await new Promise((resolve) => setTimeout(resolve, 200));
      await server.mine(1);
      const result = await done;
      expect(result.block).toBe(head + 1);
      expect(result.seen[0]).toBe('pending');
      expect(result.seen.at(-1)).toBe('success');
      const rest = (await (await fetch(`${server.url}/api/v2/transactions/${result.hash}`)).json()) as Record<
        string,
        unknown
      >;
      expect(rest).toMatchObject({ result: 'success', block_number: head + 1 });
    } finally {
      await browser.close();
    }
  }, 60_000);
});
