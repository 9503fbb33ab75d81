import { describe, expect, it } from 'vitest';
import { createFaultPlanner } from './planFaults.js';

const noHeaders = { header: () => undefined, client: 'a' };
const withHeaders = (headers: Record<string, string>, client = 'a') => ({
  header: (name: string) => headers[name],
  client,
});

describe('createFaultPlanner', () => {
  it('draws the same jitter and errors for the same seed and sequence', () => {
    const config = { latency: { min: 100, max: 800 }, errorRate: 0.3, errorStatuses: [500, 503] };
    const run = () => {
      const plan = createFaultPlanner(config, 'seed');
      return Array.from({ length: 200 }, () => plan(noHeaders));
    };
    const [a, b] = [run(), run()];
    expect(a).toEqual(b);
    for (const p of a) {
      expect(p.latencyMs).toBeGreaterThanOrEqual(100);
      expect(p.latencyMs).toBeLessThanOrEqual(800);
      if (p.status !== undefined) expect([500, 503]).toContain(p.status);
    }
    const errors = a.filter((p) => p.status !== undefined).length;
    expect(errors).toBeGreaterThan(30);
    expect(errors).toBeLessThan(90);
    expect(createFaultPlanner(config, 'other')(noHeaders)).not.toEqual(a[0]);
  });

  it('lets headers win over the flags, for that request only', () => {
    const plan = createFaultPlanner({ latency: { min: 50, max: 50 } }, 's');
    expect(plan(withHeaders({ 'x-mock-latency': '300', 'x-mock-status': '503' }))).toMatchObject({
      latencyMs: 300,
      status: 503,
    });
    expect(plan(withHeaders({ prefer: 'code=429, example=x' }))).toMatchObject({ latencyMs: 50, status: 429 });
    expect(plan(withHeaders({ 'x-mock-fault': 'slow-body' }))).toMatchObject({ connection: 'slow-body' });
    expect(plan(noHeaders)).toEqual({ latencyMs: 50, headers: {} });
  });

  it('takes a fixed latency as a number, the same as a range of one', () => {
    const fixed = createFaultPlanner({ latency: 120 }, 's');
    const range = createFaultPlanner({ latency: { min: 120, max: 120 } }, 's');
    expect(fixed(noHeaders)).toEqual({ latencyMs: 120, headers: {} });
    expect(fixed(noHeaders)).toEqual(range(noHeaders));
  });

  it('explains malformed fault headers', () => {
    const plan = createFaultPlanner({}, 's');
    expect(plan(withHeaders({ 'x-mock-latency': 'soon' })).invalid).toMatch(/x-mock-latency/);
    expect(plan(withHeaders({ 'x-mock-latency': '999999' })).invalid).toMatch(/x-mock-latency/);
    expect(plan(withHeaders({ 'x-mock-status': '200' })).invalid).toMatch(/400-599/);
    expect(plan(withHeaders({ 'x-mock-fault': 'explode' })).invalid).toMatch(/reset, empty, slow-body/);
  });

  it('limits each client per window, with headers on every answer', () => {
    let now = 1_000_000;
    const plan = createFaultPlanner({ rateLimit: { limit: 3, windowMs: 60_000 } }, 's', () => now);
    const answers = Array.from({ length: 4 }, () => plan(noHeaders));
    expect(answers.map((p) => p.status)).toEqual([undefined, undefined, undefined, 429]);
    expect(answers.map((p) => p.headers['x-ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
    expect(answers[0]!.headers['x-ratelimit-limit']).toBe('3');
    expect(Number(answers[0]!.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    expect(plan(withHeaders({}, 'b')).status).toBeUndefined();
    now += 60_000;
    expect(plan(noHeaders).status).toBeUndefined();
  });
});
