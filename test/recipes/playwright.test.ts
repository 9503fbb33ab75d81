/**
 * The README's Playwright recipe, run for real in Debian's Chromium: `page.route` answers the
 * page's explorer requests from the in-process handler.
 */
import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/handler/createHandler.js';
import { launchChromium } from '../support/chromium.js';

const handler = createHandler({ scenario: 'tiny', seed: 1 });

/** The recipe: forward a routed request to the handler and fulfil it with the answer. */
async function answerFromMock(route: Route): Promise<void> {
  const request = route.request();
  const response = await handler(new Request(request.url(), { method: request.method(), headers: request.headers() }));
  await route.fulfill({
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: Buffer.from(await response.arrayBuffer()),
  });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

describe('the Playwright recipe', () => {
  it('answers a page’s explorer requests from the mock chain', async () => {
    const page = await browser.newPage();
    await page.route('**/api/v2/**', answerFromMock);
    await page.route('https://app.example/', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><ul id="blocks"></ul><script>
          fetch('https://explorer.example/api/v2/blocks').then((r) => r.json()).then((page) => {
            for (const b of page.items.slice(0, 3)) document.getElementById('blocks').insertAdjacentHTML('beforeend', '<li>' + b.height + '</li>');
          });
        </script>`,
      }),
    );
    await page.goto('https://app.example/');
    await page.locator('#blocks li').nth(2).waitFor();
    const heights = await page.locator('#blocks li').allTextContents();
    expect(heights.map(Number)).toEqual([
      handler.chain.headHeight,
      handler.chain.headHeight - 1,
      handler.chain.headHeight - 2,
    ]);
    await page.close();
  });
});
