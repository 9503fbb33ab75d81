import { describe, expect, it } from 'vitest';
import '../app/loadModulesEagerly.js';
import { buildChain, createChainBuilder } from '../../generators/buildChain.js';
import { createLiveChain } from './liveChain.js';

const idle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a live chain', () => {
  it('warms the chain it serves now: a second after a mine the new chain renders while idle, the old one no more', async () => {
    const build = { scenario: 'tiny', seed: 3 };
    const live = createLiveChain(buildChain(build), { profile: 'spec', build, createBuilder: createChainBuilder });
    const stop = new AbortController();
    live.warmUp(stop.signal);
    await idle(20);
    const first = live.current.rest.context;
    expect(first.json.size).toBeGreaterThan(0);
    live.mine();
    const rendered = first.json.size;
    await idle(200);
    expect(first.json.size).toBe(rendered);
    // Not at once: a chain mined over within a second is never warmed.
    expect(live.current.rest.context.json.size).toBe(0);
    await idle(1_100);
    expect(live.current.rest.context.json.size).toBeGreaterThan(0);
    stop.abort();
    const after = live.current.rest.context.json.size;
    await idle(50);
    expect(live.current.rest.context.json.size).toBe(after);
  });
});
