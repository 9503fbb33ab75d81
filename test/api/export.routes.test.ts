import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildChain } from '../../generators/buildChain.js';
import { createChainApp } from '../../src/app/chainApp.js';
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
  const app = createChainApp(buildChain({ scenario: 'tiny', seed: 3 }), undefined, profile);

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

  it('holds every route of the stats service, each a success', () => {
    for (const url of statsServiceExamples()) expect(requests[url]?.status, url).toBe(200);
  });

  it('names a CSV answer’s file .csv and a JSON one’s .json', () => {
    const csv = Object.entries(requests).filter(([url]) => /\/csv(\?|$)/.test(url));
    expect(csv.length).toBeGreaterThanOrEqual(6);
    for (const [url, entry] of csv) expect(entry.file, url).toMatch(/\.csv$/);
    expect(requests['/api/v2/blocks']!.file).toBe('api/v2/blocks.json');
  });

  it('writes each file as the server answers its URL, byte for byte', () => {
    for (const [url, entry] of Object.entries(requests)) {
      const answer = app.answer({ method: 'GET', url, header: () => undefined });
      expect(entry.status, url).toBe(answer.status);
      expect(readFileSync(join(out, entry.file)).equals(Buffer.from(answer.body ?? '')), url).toBe(true);
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
