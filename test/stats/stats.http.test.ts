import { fc, test } from '@fast-check/vitest';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildChain } from '../../generators/buildChain.js';
import { loadAnswerModules } from '../../src/app/chainApp.js';
import { inProcessApp } from './statsClient.js';
import { errorJson } from './statsSchemas.js';

beforeAll(() => loadAnswerModules());

const app = inProcessApp(buildChain({ scenario: 'tiny', seed: 1, slotSeconds: 6 * 3_600 }));
const error = (url: string) => {
  const answer = app.request(`/stats-service${url}`);
  return { status: answer.status, ...errorJson.parse(JSON.parse(answer.body)) };
};

describe('the stats service’s errors', () => {
  it('an unknown chart, or a resolution the chart does not offer: 404 with the service’s messages', () => {
    expect(error('/api/v1/lines/nope')).toEqual({
      status: 404,
      code: 5,
      message: "chart with name 'nope' was not found",
    });
    expect(error('/api/v1/lines/activeAccounts?resolution=MONTH')).toEqual({
      status: 404,
      code: 5,
      message: "resolution 'MONTH' for line chart 'activeAccounts' was not found",
    });
    expect(error('/api/v1/lines/newTxnsWindow?resolution=WEEK').status).toBe(404);
    // The user-operation charts wait for indexing; a counter is not a line chart.
    for (const id of ['newUserOps', 'userOpsGrowth', 'activeBundlers', 'totalBlocks', 'NEWTXNS'])
      expect(error(`/api/v1/lines/${id}`), id).toMatchObject({ status: 404, code: 5 });
    expect(error('/api/v1/lines/%E0%A4%A')).toMatchObject({
      status: 404,
      message: "chart with name '%E0%A4%A' was not found",
    });
    // The name is read percent-decoded, as the gateway's path parameter is.
    expect(app.request('/stats-service/api/v1/lines/new%54xns').body).toBe(
      app.request('/stats-service/api/v1/lines/newTxns').body,
    );
  });

  it('a resolution that is not one, or too long an interval: 400', () => {
    expect(error('/api/v1/lines/newTxns?resolution=FOO')).toEqual({
      status: 400,
      code: 3,
      message:
        'Query deserialize error: unknown variant `FOO`, expected one of `UNSPECIFIED`, `DAY`, `WEEK`, `MONTH`, `YEAR`',
    });
    expect(error('/api/v1/lines/newTxns?from=1000-01-01')).toEqual({
      status: 400,
      code: 3,
      message: 'exceeded limit on requested data points (~182500); choose smaller time interval.',
    });
    // A date that is not one is ignored, as the service does.
    expect(app.request('/stats-service/api/v1/lines/newTxns?from=yesterday&to=2024-02-30').status).toBe(200);
  });

  it('another path under the prefix: 404 naming it', () => {
    for (const path of [
      '',
      '/',
      '/api/v1',
      '/api/v1/nope',
      '/api/v1/lines/newTxns/extra',
      '/api/v2/stats',
      '/api/v1/pages',
    ])
      expect(error(path), path).toMatchObject({
        status: 404,
        code: 5,
        message: expect.stringContaining('/stats-service'),
      });
  });

  test.prop(
    [
      fc.constantFrom('newTxns', 'txnsGrowth', 'activeAccounts', 'averageGasPrice', 'newTxnsWindow', 'x'),
      fc.string(),
      fc.string(),
      fc.oneof(fc.constantFrom('DAY', 'WEEK', 'MONTH', 'YEAR', 'UNSPECIFIED'), fc.string()),
      fc.date({ min: new Date('0000-01-01'), max: new Date('9999-12-31'), noInvalidDate: true }),
    ],
    { numRuns: 300 },
  )('never a 5xx, whatever the query', (id, from, to, resolution, date) => {
    const iso = date.toISOString().slice(0, 10);
    for (const query of [
      new URLSearchParams({ from, to, resolution }),
      new URLSearchParams({ from: iso, resolution }),
      new URLSearchParams({ to: iso, from: '2024-05-01' }),
    ]) {
      const answer = app.request(`/stats-service/api/v1/lines/${encodeURIComponent(id)}?${query}`);
      expect([200, 400, 404], `${id}?${query}`).toContain(answer.status);
      expect(() => JSON.parse(answer.body)).not.toThrow();
    }
  });
});

describe('the stats service over HTTP', () => {
  it('answers HEAD without a body, preflights with CORS, refuses other methods', () => {
    const get = app.request('/stats-service/api/v1/counters');
    expect(get.status).toBe(200);
    expect(get.headers['access-control-allow-origin']).toBe('*');
    expect(get.headers['content-type']).toMatch(/^application\/json/);
    const head = app.request('/stats-service/api/v1/counters', 'HEAD');
    expect([head.status, head.body, head.headers['content-length']]).toEqual([200, '', get.headers['content-length']]);
    const preflight = app.request('/stats-service/api/v1/lines/newTxns', 'OPTIONS', {
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'x-foo',
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(app.request('/stats-service/api/v1/counters', 'POST').status).toBe(405);
  });

  it('answers /health and /update-status', () => {
    expect(app.stats('/health')).toEqual({ status: 'SERVING' });
    expect(app.stats('/health?service=stats')).toEqual({ status: 'SERVING' });
    expect(app.stats('/api/v1/update-status').independent_status).toBe('COMPLETED_INITIAL_UPDATE');
  });
});
