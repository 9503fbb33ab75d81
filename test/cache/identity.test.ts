import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createChainApp, loadAnswerModules } from '../../src/app/chainApp.js';
import { startServer } from '../../src/startServer.js';
import { fullWalk } from '../support/fullWalk.js';

/** Both servers name NFT media by one origin: by default each would name its own port. */
const MEDIA_ORIGIN = 'http://explorer-mock.test';

type Server = Awaited<ReturnType<typeof startServer>>;

/** A full walk of every list of the spec's twelve endpoints, over HTTP. */
async function walkServer(server: Server) {
  return fullWalk(async (url) => {
    const response = await fetch(`${server.url}${url}`);
    return { status: response.status, body: await response.text() };
  }, server.chain);
}

/**
 * The same walk answered in process by the app a server makes of its chain (the same answers,
 * without the socket): over HTTP, each of `default`'s 24,381 requests cost 0.65 ms of fetch and
 * server framing, two thirds of the walk.
 */
async function walkInProcess(server: Server) {
  await loadAnswerModules();
  const app = createChainApp(server.chain, { origin: () => MEDIA_ORIGIN });
  return fullWalk((url) => {
    const { status, body } = app.answer({ method: 'GET', url, header: () => undefined });
    return { status, body: body === null ? '' : typeof body === 'string' ? body : new TextDecoder().decode(body) };
  }, server.chain);
}

describe('a chain loaded from a snapshot', () => {
  // tiny over HTTP, as a client walks it; default, 20 times as many pages, in process.
  it.each([
    ['tiny', walkServer],
    ['default', walkInProcess],
  ] as const)(
    '%s: a full walk of every list is byte-identical to the built chain’s',
    async (scenario, walk) => {
      const dir = mkdtempSync(join(tmpdir(), 'explorer-mock-identity-'));
      try {
        const built = await startServer({ scenario, seed: 3, cache: { dir }, publicUrl: MEDIA_ORIGIN });
        expect(built.origin.source).toBe('built');
        const reference = await walk(built);
        await built.close(); // finishes writing the snapshot
        const loaded = await startServer({ scenario, seed: 3, cache: { dir }, publicUrl: MEDIA_ORIGIN });
        expect(loaded.origin.source).toBe('snapshot');
        const replay = await walk(loaded);
        await loaded.close();
        expect(replay.urls).toBe(reference.urls);
        const firstDifference = replay.answers.findIndex(
          (a, i) =>
            a.url !== reference.answers[i]!.url ||
            a.bodyDigest !== reference.answers[i]!.bodyDigest ||
            a.status !== reference.answers[i]!.status,
        );
        expect(firstDifference, firstDifference >= 0 ? replay.answers[firstDifference]!.url : '').toBe(-1);
        expect(replay.digest).toBe(reference.digest);
        expect(reference.urls).toBeGreaterThan(scenario === 'tiny' ? 1_000 : 20_000);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    300_000,
  );
});
