import { describe, expect, it } from 'vitest';
import { parseServeArgs } from './parseServeArgs.js';

describe('parseServeArgs', () => {
  it('has defaults', () => {
    expect(parseServeArgs([])).toEqual({
      ok: true,
      options: {
        seed: '1',
        scenario: 'default',
        port: 4000,
        host: '127.0.0.1',
        json: false,
        faults: {},
        profile: 'spec',
        growth: {},
        watch: false,
        access: {},
      },
    });
  });

  it('reads every flag, in both forms', () => {
    expect(
      parseServeArgs([
        '--seed',
        'abc',
        '--scenario=tiny',
        '--port',
        '0',
        '--host=0.0.0.0',
        '--json',
        '--profile',
        'blockscout',
        '--head',
        '60',
        '--block-time=12',
        '--genesis-time',
        '1700000000',
      ]),
    ).toEqual({
      ok: true,
      options: {
        seed: 'abc',
        scenario: 'tiny',
        port: 0,
        host: '0.0.0.0',
        json: true,
        faults: {},
        profile: 'blockscout',
        growth: { head: 60, blockTime: 12, genesisTime: 1_700_000_000 },
        watch: false,
        access: {},
      },
    });
    const growthOf = (argv: string[]) => {
      const parsed = parseServeArgs(argv);
      return parsed.ok === true ? parsed.options.growth : parsed;
    };
    expect(growthOf(['--automine'])).toEqual({ automine: true });
    expect(growthOf(['--no-automine', '--block-time', '12'])).toEqual({ automine: false, blockTime: 12 });
    expect(growthOf([])).toEqual({});
    expect(growthOf(['--head-time', 'now'])).toEqual({ headTime: 'now' });
    expect(growthOf(['--head-time=1800000000', '--head', '60'])).toEqual({ head: 60, headTime: 1_800_000_000 });
    expect(parseServeArgs(['--head-time', 'soon'])).toEqual({
      ok: false,
      message: '--head-time must be now or unix seconds, got "soon"',
    });
    expect(parseServeArgs(['--head-time', 'now', '--genesis-time', '1'])).toEqual({
      ok: false,
      message: '--head-time and --genesis-time both anchor the clock: give one',
    });
    expect(parseServeArgs(['--automine', '--no-automine'])).toEqual({
      ok: false,
      message: '--automine and --no-automine contradict each other: give one',
    });
    expect(parseServeArgs(['--block-time', '0'])).toEqual({
      ok: false,
      message: '--block-time must be an integer of at least 1, got "0"',
    });
    expect(parseServeArgs(['--head', 'x'])).toEqual({ ok: false, message: '--head must be an integer, got "x"' });
    expect(parseServeArgs(['--watch'])).toEqual({
      ok: false,
      message: '--watch needs --scenario with a scenario file',
    });
    expect(parseServeArgs(['--watch', '--scenario', './my.json'])).toMatchObject({
      ok: true,
      options: { watch: true, scenario: './my.json' },
    });
    expect(parseServeArgs(['--profile', 'etherscan'])).toEqual({
      ok: false,
      message: '--profile must be one of spec, blockscout, got "etherscan"',
    });
    expect(
      parseServeArgs([
        '--latency',
        '100-800',
        '--error-rate=0.1',
        '--error-status',
        '500,503',
        '--rate-limit',
        '300/60s',
      ]),
    ).toMatchObject({
      ok: true,
      options: {
        faults: {
          latency: { min: 100, max: 800 },
          errorRate: 0.1,
          errorStatuses: [500, 503],
          rateLimit: { limit: 300, windowMs: 60_000 },
        },
      },
    });
    expect(parseServeArgs(['--latency', '200'])).toMatchObject({
      options: { faults: { latency: { min: 200, max: 200 } } },
    });
    const proxied = parseServeArgs(['--public-url', 'https://explorer.test:8443']);
    expect(proxied.ok === true && proxied.options.publicUrl).toBe('https://explorer.test:8443');
    expect(
      parseServeArgs(['--allowed-hosts', 'mock.test, .example.test', '--trusted-origins=https://app.example']),
    ).toMatchObject({
      ok: true,
      options: { access: { allowedHosts: ['mock.test', '.example.test'], trustedOrigins: ['https://app.example'] } },
    });
    expect(parseServeArgs(['--allowed-hosts', 'all', '--trusted-origins', 'true'])).toMatchObject({
      options: { access: { allowedHosts: true, trustedOrigins: true } },
    });
    expect(parseServeArgs(['--help'])).toEqual({ ok: 'help' });
    expect(parseServeArgs(['-h'])).toEqual({ ok: 'help' });
  });

  it.each([
    [['--port', '70000'], /--port must be an integer from 0 to 65535/],
    [['--port', '-1'], /--port/],
    [['--port', '4e3'], /--port must be an integer/],
    [['--scenario', 'huge'], /unknown scenario "huge"; known: tiny, default, large/],
    [['--seed='], /--seed must not be empty/],
    [['--host='], /--host must not be empty/],
    [['--public-url', 'localhost:4000'], /--public-url must be an http or https origin/],
    [['--public-url', 'http://localhost:4000/app'], /--public-url must be an http or https origin/],
    [['--verbose'], /Unknown option '--verbose'/],
    [['serve'], /Unexpected argument 'serve'/],
    [['--port'], /argument missing|--port/],
    [['--latency', 'fast'], /--latency: latency must be milliseconds/],
    [['--latency', '800-100'], /low to high/],
    [['--error-rate', '2'], /--error-rate: error rate must be a number from 0 to 1/],
    [
      ['--error-rate', '0.1', '--error-status', '200'],
      /--error-status: error statuses must be a comma list of 400-599/,
    ],
    [['--error-status', '503'], /--error-status needs --error-rate/],
    [['--rate-limit', '300'], /--rate-limit: rate limit must look like 300\/60s/],
    [['--etherscan-v1', 'etherscan'], /--etherscan-v1 must be blockscout or deprecated, got "etherscan"/],
    [['--etherscan-api-key='], /--etherscan-api-key must not be empty/],
    [
      ['--allowed-hosts', 'http://mock.test'],
      /^--allowed-hosts takes all or a comma-separated list of host names such as .*, got "http:\/\/mock.test"$/,
    ],
    [['--allowed-hosts', ''], /--allowed-hosts takes all or a comma-separated list/],
    [
      ['--trusted-origins', 'app.example'],
      /^--trusted-origins takes all or a comma-separated list of origins such as .*, got "app.example"$/,
    ],
    [['--trusted-origins', 'https://app.example/x'], /got "https:\/\/app.example\/x"/],
  ])('rejects %j', (argv, message) => {
    const parsed = parseServeArgs(argv);
    expect(parsed.ok).toBe(false);
    if (parsed.ok === false) expect(parsed.message).toMatch(message);
  });

  it('takes the Etherscan flags: the /api flavour and a key /v2/api requires', () => {
    expect(parseServeArgs(['--etherscan-v1', 'deprecated', '--etherscan-api-key', 'K'])).toMatchObject({
      ok: true,
      options: { etherscan: { v1: 'deprecated', apiKey: 'K' } },
    });
    const plain = parseServeArgs([]);
    expect(plain.ok === true && 'etherscan' in plain.options).toBe(false);
  });
});
