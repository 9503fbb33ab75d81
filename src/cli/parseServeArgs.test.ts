import { describe, expect, it } from 'vitest';
import { parseServeArgs } from './parseServeArgs.js';

describe('parseServeArgs', () => {
  it('has defaults', () => {
    expect(parseServeArgs([])).toEqual({ ok: true, options: { seed: '1', scenario: 'default', port: 4000, host: '127.0.0.1', json: false } });
  });

  it('reads every flag, in both forms', () => {
    expect(parseServeArgs(['--seed', 'abc', '--scenario=tiny', '--port', '0', '--host=0.0.0.0', '--json'])).toEqual({
      ok: true,
      options: { seed: 'abc', scenario: 'tiny', port: 0, host: '0.0.0.0', json: true },
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
    [['--verbose'], /Unknown option '--verbose'/],
    [['serve'], /Unexpected argument 'serve'/],
    [['--port'], /argument missing|--port/],
  ])('rejects %j', (argv, message) => {
    const parsed = parseServeArgs(argv);
    expect(parsed.ok).toBe(false);
    if (parsed.ok === false) expect(parsed.message).toMatch(message);
  });
});
