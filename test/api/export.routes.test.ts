import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/handler/createHandler.js';
import { exportFixtures } from '../../src/export/exportFixtures.js';
import { statsServiceExamples } from '../../src/export/routeExamples.js';
import { ALL_ROUTES } from '../../src/openapi/openApiEndpoint.js';
import { routeMatcher } from '../../src/rest/routes.js';
import { PROFILES } from '../../src/schemas/profile.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'explorer-mock-export-routes-'));
  dirs.push(dir);
  return dir;
};

interface Manifest {
  readonly requests: Record<string, { file: string; status: number }>;
}
const manifestOf = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));

describe.each(PROFILES)('an export in the %s profile', (profile) => {
  const out = freshDir();
  exportFixtures({ scenario: 'tiny', seed: 3, out, pages: 1, cache: false, profile });
  const { requests } = manifestOf(out);
  // What a server started on the same chain answers (its mempool included).
  const served = createHandler({ scenario: 'tiny', seed: 3, cache: false, profile });

  it('holds an answer of every route of the REST API, each a success', () => {
    const match = routeMatcher(ALL_ROUTES);
    const answered = new Map<unknown, string[]>();
    for (const [url, entry] of Object.entries(requests)) {
      if (!url.startsWith('/api/v2/')) continue;
      const handler = match(url.slice('/api/v2'.length).split('?')[0]!)?.handler;
      if (handler && entry.status < 400) answered.set(handler, [...(answered.get(handler) ?? []), url]);
    }
    const missing = ALL_ROUTES.filter((r) => !answered.has(r.handler)).map((r) => r.template);
    expect(missing).toEqual([]);
  });

  it('holds every read of Etherscan’s API v2, each a success', () => {
    const v2 = Object.entries(requests).filter(([url]) => url.startsWith('/v2/'));
    expect(v2.length).toBeGreaterThanOrEqual(45);
    for (const [url, entry] of v2) {
      const json = JSON.parse(readFileSync(join(out, entry.file), 'utf8'));
      expect(entry.status, url).toBe(200);
      if (url.includes('module=proxy')) expect(json.result, url).not.toBeUndefined();
      else if (url.startsWith('/v2/api')) expect(json.status, `${url} ${JSON.stringify(json).slice(0, 200)}`).toBe('1');
    }
  });

  it('holds every route of the stats service, each a success', () => {
    for (const url of statsServiceExamples()) expect(requests[url]?.status, url).toBe(200);
  });

  it('holds the NFT pictures its answers point at, under their own paths', () => {
    const media = Object.entries(requests).filter(([url]) => url.startsWith('/__mock/nft/'));
    expect(media.length).toBeGreaterThan(10);
    for (const [url, entry] of media) {
      expect(entry.status, url).toBe(200);
      expect(entry.file, url).toBe(url.slice(1));
      expect(readFileSync(join(out, entry.file), 'utf8'), url).toMatch(/^<svg /);
    }
    const answers = Object.entries(requests)
      .filter(([url]) => url.startsWith('/api/v2/'))
      .map(([, entry]) => readFileSync(join(out, entry.file), 'utf8'))
      .join('\n');
    for (const [, path] of answers.matchAll(/http:\/\/127\.0\.0\.1:4000(\/__mock\/nft\/[^"]+)"/g))
      expect(requests[path!]?.status, path).toBe(200);
  });

  it('names a CSV answer’s file .csv and a JSON one’s .json', () => {
    const csv = Object.entries(requests).filter(([url]) => /\/csv(\?|$)/.test(url));
    expect(csv.length).toBeGreaterThanOrEqual(6);
    for (const [url, entry] of csv) expect(entry.file, url).toMatch(/\.csv$/);
    expect(requests['/api/v2/blocks']!.file).toBe('api/v2/blocks.json');
  });

  it('writes each file as the server answers its URL, byte for byte', async () => {
    const pending = Object.keys(requests).filter((url) =>
      /pending|counters|transactions\/stats|pages\/transactions/.test(url),
    );
    expect(pending.length).toBeGreaterThan(3);
    for (const [url, entry] of Object.entries(requests)) {
      // How the server started (snapshot or built, in how many ms) is left out of fixtures, which must not vary.
      if (url === '/__mock/scenario') continue;
      const answer = await served(new Request(`http://mock${url}`));
      expect(entry.status, url).toBe(answer.status);
      expect(readFileSync(join(out, entry.file)).equals(Buffer.from(await answer.arrayBuffer())), url).toBe(true);
    }
  });
});

describe('exporting again into the same folder', () => {
  it('deletes the files of the earlier export it does not write again, and the folders they leave empty; keeps the rest', () => {
    const out = freshDir();
    exportFixtures({ scenario: 'tiny', seed: 3, out, pages: 3, cache: false });
    const before = manifestOf(out);
    mkdirSync(join(out, 'mine'));
    writeFileSync(join(out, 'mine', 'notes.txt'), 'not the export’s');
    writeFileSync(join(out, 'api', 'v2', 'handwritten.json'), '{}');

    exportFixtures({ scenario: 'tiny', seed: 3, out, pages: 1, cache: false });
    const after = manifestOf(out);
    const kept = new Set(Object.values(after.requests).map((r) => r.file));
    const dropped = Object.values(before.requests).filter((r) => !kept.has(r.file));
    expect(dropped.length).toBeGreaterThan(10);
    for (const { file } of dropped) expect(existsSync(join(out, file)), file).toBe(false);
    for (const file of kept) expect(existsSync(join(out, file)), file).toBe(true);
    expect(readFileSync(join(out, 'mine', 'notes.txt'), 'utf8')).toBe('not the export’s');
    expect(existsSync(join(out, 'api', 'v2', 'handwritten.json'))).toBe(true);
    // Every folder left holds something.
    const empty = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .flatMap((e) => {
          const path = join(dir, e.name);
          return readdirSync(path).length ? empty(path) : [path];
        });
    expect(empty(out)).toEqual([]);
  });
});
