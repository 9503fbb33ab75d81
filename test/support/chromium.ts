import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, used when it is installed (`apt-get install chromium`). */
const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * The Chromium the browser tests drive: `CHROMIUM_PATH` if set, else the system's
 * (/usr/bin/chromium), else the headless Chromium for x64 Linux that the dev dependency
 * @sparticuz/chromium ships inside its package (so `npm install && npm test` needs nothing else).
 */
export async function chromiumPath(): Promise<string> {
  const given = process.env.CHROMIUM_PATH;
  if (given !== undefined) {
    if (!existsSync(given)) throw new Error(`CHROMIUM_PATH is ${given}, and there is no file there`);
    return given;
  }
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  return packagedChromium();
}

/**
 * Unpacks @sparticuz/chromium's brotli-compressed binary once, into node_modules/.cache (about
 * 190 MB, 4 s), and returns its path. The package's own `executablePath()` unpacks into the
 * shared /tmp and trusts any file it finds there, which a test file running beside another
 * could launch half-written: here each unpacking writes its own file and renames it into place.
 * The fonts and WebGL libraries the package also ships are not needed: the tests run with
 * `--disable-gpu` and the machine's own fonts.
 */
export async function packagedChromium(): Promise<string> {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(
      `browser tests need Chromium: none at ${SYSTEM_CHROMIUM}, and @sparticuz/chromium ships one for x64 Linux only (this is ${process.platform}-${process.arch}); set CHROMIUM_PATH`,
    );
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@sparticuz/chromium'); // build/cjs/index.cjs
  const root = join(dirname(entry), '..', '..');
  const { version } = require(join(root, 'package.json')) as { version: string };
  const target = join(root, '..', '..', '.cache', 'explorer-mock-chromium', version, 'chromium');
  if (existsSync(target)) return target;
  await mkdir(dirname(target), { recursive: true });
  const partial = `${target}.${randomUUID()}.partial`;
  try {
    await pipeline(
      createReadStream(join(root, 'bin', 'chromium.br')),
      createBrotliDecompress(),
      createWriteStream(partial, { mode: 0o755 }),
    );
    await rename(partial, target);
  } finally {
    await rm(partial, { force: true });
  }
  return target;
}

/**
 * Launches headless Chromium with the flags this machine needs (no sandbox as root, no
 * background networking: the network is closed).
 */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: await chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
