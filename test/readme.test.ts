import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildChain } from '../generators/buildChain.js';
import { createApi } from '../src/api/createApi.js';
import type { Chain } from '../src/chain/types.js';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
let chain: Chain;
beforeAll(() => {
  chain = buildChain({ scenario: 'default', seed: 1 });
});

describe('the README', () => {
  it('gives example URLs that work on the default scenario', () => {
    const api = createApi(chain);
    const urls = [...README.matchAll(/`(\/api\/v2\/[^`\s]+)`/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThanOrEqual(12);
    for (const url of urls) {
      const [path, query = ''] = url.split('?') as [string, string?];
      expect(api(path, new URLSearchParams(query)).status, url).toBe(200);
    }
  });

  it('names every handle the default scenario has', () => {
    for (const name of Object.keys(chain.handles)) expect(README, name).toContain(`\`${name}\``);
  });
});
