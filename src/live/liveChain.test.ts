import { describe, expect, it } from 'vitest';
import '../app/loadModulesEagerly.js';
import { buildChain, createChainBuilder } from '../../generators/buildChain.js';
import { createLiveChain, WARM_BYTES } from './liveChain.js';

const idle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a live chain', () => {
  it('warms the chain it serves now: a second after a mine the new chain renders while idle, the old one no more', async () => {
    const build = { scenario: 'tiny', seed: 3 };
    const live = createLiveChain(buildChain(build), { profile: 'spec', build, createBuilder: createChainBuilder });
    const stop = new AbortController();
    live.warmUp(stop.signal);
    const first = live.current.rest.context;
    // The warm-up's views load first (off the start-up path), then it renders.
    for (let wait = 0; first.json.size === 0 && wait < 100; wait++) await idle(20);
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

  it('warms the newest part of a first chain, within its bytes: every block of default and its newest transactions, not the oldest', async () => {
    const build = { scenario: 'default', seed: 1 };
    const chain = buildChain(build);
    const live = createLiveChain(chain, { profile: 'spec', build, createBuilder: createChainBuilder });
    const stop = new AbortController();
    live.warmUp(stop.signal);
    const { json } = live.current.rest.context;
    // Until the warm-up stops: no entry added for 100 ms (it works in slices between idle turns).
    for (let last = -1; json.size !== last; await idle(100)) last = json.size;
    stop.abort();
    const newest = chain.transactions.length - 1;
    expect(json.peek(`block:${chain.blocks.at(0)!.hash}`)).toBeDefined();
    expect(json.peek(`tx:${newest}`)).toBeDefined();
    expect(json.peek(`tx:0`)).toBeUndefined();
    let bytes = 0;
    for (let i = newest; json.peek(`tx:${i}`) !== undefined; i--) bytes += json.peek(`tx:${i}`)!.length;
    expect(bytes).toBeLessThan(WARM_BYTES.first);
  });
});
