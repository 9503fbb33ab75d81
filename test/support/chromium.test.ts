import { expect, test } from 'vitest';
import { chromium } from 'playwright-core';
import { packagedChromium } from './chromium.js';

// The fallback a fresh machine uses (no /usr/bin/chromium, no CHROMIUM_PATH): the binary the
// dev dependency ships runs headless here, with the launch flags the browser tests use.
test('the Chromium @sparticuz/chromium ships unpacks and renders a page', async () => {
  const [first, again] = await Promise.all([packagedChromium(), packagedChromium()]);
  expect(again).toBe(first);
  const browser = await chromium.launch({ executablePath: first, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    await page.setContent('<p id="p">x</p><script>document.getElementById("p").textContent = String(6 * 7)</script>');
    expect(await page.textContent('#p')).toBe('42');
  } finally {
    await browser.close();
  }
});
