import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/startServer.js';
import { launchChromium } from '../support/chromium.js';

const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ scenario: 'default', seed: 1, port: 0 });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the scenario home page, in a real browser', () => {
  it('lists the notable entities and links them to their endpoints', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(`${server.url}/`);
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe('explorer-mock · default · seed 1');
    for (const name of ['whale', 'erc1155BatchTransaction', 'minimalProxy', 'emptyAddress']) {
      await expect(page.locator(`li#${name}`).count()).resolves.toBe(1);
    }
    expect(await page.locator('a[href="/api/v2/openapi"]').count()).toBeGreaterThan(0);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: `${ARTIFACTS}home-page.png`, fullPage: true });

    const whaleTransactions = page.locator('li#whale a', { hasText: '/transactions' }).first();
    const href = await whaleTransactions.getAttribute('href');
    expect(href).toBe(`/api/v2/addresses/${server.chain.handles.whale}/transactions`);
    const [followed] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(href!)),
      whaleTransactions.click(),
    ]);
    expect(followed.status()).toBe(200);
    expect(followed.headers()['content-type']).toBe('application/json; charset=utf-8');
    const body = (await followed.json()) as { items: { from: { hash: string } }[] };
    expect(body.items.length).toBeGreaterThan(0);
    await context.close();
  });

  it('serves the same summary as JSON at /__mock/scenario', async () => {
    const summary = (await fetch(`${server.url}/__mock/scenario`).then((r) => r.json())) as {
      scenario: { name: string };
      seed: string;
      handles: { name: string; links: string[] }[];
    };
    expect(summary.scenario.name).toBe('default');
    expect(summary.handles.map((h) => h.name)).toEqual(Object.keys(server.chain.handles));
    for (const handle of summary.handles.slice(0, 12)) {
      for (const link of handle.links) expect((await fetch(`${server.url}${link}`)).status, link).toBe(200);
    }
  });

  it('says where the chain came from and how long the start took', async () => {
    const { start } = (await fetch(`${server.url}/__mock/scenario`).then((r) => r.json())) as {
      start: { source: string; file: string | null; chainMs: number; readyMs: number };
    };
    expect(start.source).toBe(server.origin.source);
    expect(start.file).toBe(server.origin.file);
    expect(start.chainMs).toBe(Math.round(server.origin.chainMs));
    expect(start.readyMs).toBeGreaterThanOrEqual(start.chainMs);
    const html = await fetch(`${server.url}/`).then((r) => r.text());
    expect(html).toMatch(
      new RegExp(
        `<p id="start">Chain (built|loaded from the cache).* in ${start.chainMs} ms; ready ${start.readyMs} ms after start\\.</p>`,
      ),
    );
  });
});
