import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildChain } from '../../generators/buildChain.js';
import { tiny } from '../../scenarios/tiny.js';
import { cacheSettings, defaultCacheDir } from './cacheSettings.js';
import { chainKey, openChainSync } from './openChain.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'explorer-mock-open-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('openChain', () => {
  it('keys a chain by the scenario’s content, not its name: an edited scenario is built again', () => {
    expect(chainKey(tiny, '1')).toBe(chainKey({ ...tiny }, '1'));
    expect(chainKey(tiny, '1')).not.toBe(chainKey(tiny, '2'));
    const edited = { ...tiny, accounts: tiny.accounts + 1 };
    expect(chainKey(edited, '1')).not.toBe(chainKey(tiny, '1'));
    // Key order does not matter.
    const reordered = Object.fromEntries(Object.entries(tiny).reverse()) as typeof tiny;
    expect(chainKey(reordered, '1')).toBe(chainKey(tiny, '1'));

    const warnings: string[] = [];
    const open = (scenario: typeof tiny) =>
      openChainSync({ scenario, seed: 1, cache: { dir }, warn: (m) => warnings.push(m) }, buildChain);
    const first = open(tiny);
    first.saveSnapshot();
    expect(open(tiny).origin.source).toBe('snapshot');
    const changed = open(edited);
    expect(changed.origin.source).toBe('built');
    expect(changed.chain.accounts.length).not.toBe(first.chain.accounts.length);
    changed.saveSnapshot();
    expect(readdirSync(dir).filter((f) => f.endsWith('.snapshot'))).toHaveLength(2);
    expect(warnings).toEqual([]);
  });

  it('saves the snapshot of a built chain gradually, in slices between other work', async () => {
    const opened = openChainSync({ scenario: 'default', seed: 4, cache: { dir } }, buildChain);
    let ticks = 0;
    const ticking = setInterval(() => ticks++, 0);
    await opened.saveSnapshotWhileIdle();
    clearInterval(ticking);
    expect(readdirSync(dir).filter((f) => f.endsWith('.snapshot'))).toHaveLength(1);
    // Other work ran between the slices (a timer fires only when the event loop is free).
    expect(ticks).toBeGreaterThan(5);
    opened.saveSnapshot(); // already written: nothing to do
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('finds the cache under XDG_CACHE_HOME, else ~/.cache, and is off by option or environment', () => {
    expect(defaultCacheDir({ XDG_CACHE_HOME: '/x' })).toBe('/x/explorer-mock');
    expect(defaultCacheDir({ HOME: '/home/u' })).toBe('/home/u/.cache/explorer-mock');
    expect(cacheSettings(undefined, { XDG_CACHE_HOME: '/x' })).toEqual({ dir: '/x/explorer-mock', maxEntries: 20 });
    expect(cacheSettings({ dir: '/d', maxEntries: 3 }, {})).toEqual({ dir: '/d', maxEntries: 3 });
    expect(cacheSettings(false, {})).toBeNull();
    expect(cacheSettings({ dir: '/d' }, { EXPLORER_MOCK_CACHE: '0' })).toBeNull();
  });
});
