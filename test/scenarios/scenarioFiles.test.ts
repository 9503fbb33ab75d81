import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scenario } from '../../src/arbitraries/scenario.js';
import { buildChain } from '../../generators/buildChain.js';
import { findScenario, scenarioNames } from '../../scenarios/index.js';
import { parseCoinAmount } from '../../scenarios/values.js';
import { loadScenario, ScenarioError } from '../../scenarios/loadScenario.js';
import { scenarioJsonSchema, scenarioKnobs } from '../../scenarios/schema.js';
import { chainViolations } from '../support/chainLaws.js';
import { runCli, spawnCli } from '../support/spawnCli.js';

const EXAMPLES = new URL('../../scenarios/examples/', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'explorer-mock-scenarios-'));
const write = (name: string, content: unknown) => {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};

/** A handle of the scenario a server runs. */
async function handle(url: string, name: string): Promise<string> {
  const summary = (await (await fetch(`${url}/__mock/scenario`)).json()) as {
    handles: Record<string, string> | { name: string; value: string }[];
  };
  const handles = Array.isArray(summary.handles)
    ? Object.fromEntries(summary.handles.map((h) => [h.name, h.value]))
    : summary.handles;
  return handles[name]!;
}

describe('scenario files', () => {
  it('every built-in scenario is written in the language', () => {
    for (const name of scenarioNames()) expect(scenarioKnobs.safeParse(findScenario(name)).success, name).toBe(true);
  });

  it('a .json file extends a built-in; a .ts file extends the .json; both build chains that keep every law', async () => {
    const quick = await loadScenario(join(EXAMPLES, 'quick.json'));
    expect(quick).toMatchObject({
      name: 'quick',
      blocks: 64,
      tokens: { ...findScenario('tiny')!.tokens, erc20: 4 },
      accounts: findScenario('tiny')!.accounts,
    });
    expect(quick).not.toHaveProperty('$schema');
    const busy = await loadScenario(join(EXAMPLES, 'busy.ts'));
    expect(busy).toMatchObject({
      name: 'busy',
      blocks: 64,
      transactionsPerBlock: 16,
      collectors: [
        { handle: 'bigCollector', collections: 30 },
        { handle: 'smallCollector', collections: 12 },
      ],
    });
    for (const scenario of [quick, busy]) {
      const chain = buildChain({ scenario, seed: 3 });
      expect(chain.headHeight).toBe(64);
      expect(chainViolations(chain)).toEqual([]);
    }
    expect(buildChain({ scenario: busy, seed: 3 }).handles.bigCollector).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  it.each([
    ['a value out of range, by its path', { extends: 'tiny', tokens: { erc20: -1 } }, /: tokens\.erc20: .*>=0/],
    ['an unknown knob', { extends: 'tiny', blockz: 3 }, /Unrecognized key: "blockz"/],
    ['a whole scenario missing a knob', { name: 'x', description: 'y' }, /: genesisTimestamp: /],
    [
      'a collector handle that is not one',
      { extends: 'tiny', collectors: [{ handle: '1st', collections: 2 }] },
      /: collectors\[0\]\.handle: a handle is letters and digits/,
    ],
    [
      'an unknown scenario to extend',
      { extends: 'huge' },
      /: extends: unknown scenario "huge"; known: tiny, default, large/,
    ],
    ['a missing file to extend', { extends: './nowhere.json' }, /: extends: no such file: .*nowhere\.json/],
    ['a file that is not JSON', '{ "extends": ', /: not JSON: /],
  ])('refuses %s, naming the file and the path', async (_what, content, message) => {
    const file = write(`bad-${Math.random().toString(36).slice(2)}.json`, content);
    const error = await loadScenario(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScenarioError);
    expect((error as Error).message).toContain(file.split('/').pop());
    expect((error as Error).message).toMatch(message);
  });

  it('refuses a file that extends itself, and a module without a default export', async () => {
    const a = write('a.json', { extends: './b.json' });
    write('b.json', { extends: './a.json' });
    await expect(loadScenario(a)).rejects.toThrow(/extends itself through .*a\.json -> .*b\.json -> .*a\.json/);
    const module = write('named.mjs', 'export const scenario = {};');
    await expect(loadScenario(module)).rejects.toThrow(/export the scenario as default/);
  });

  it('the CLI serves a scenario file, and a bad one never starts a server: one message, exit code 2', async () => {
    const cli = await spawnCli(['--scenario', join(EXAMPLES, 'quick.json'), '--seed', '5', '--no-cache']);
    try {
      const summary = (await (await fetch(`${cli.url}/__mock/scenario`)).json()) as {
        scenario: { name: string };
        headHeight: number;
      };
      expect(summary.scenario.name).toBe('quick');
      expect(summary.headHeight).toBe(64);
      const schema = await fetch(`${cli.url}/__mock/scenario.schema.json`);
      expect(schema.headers.get('content-type')).toBe('application/schema+json');
      expect(await schema.json()).toEqual(JSON.parse(JSON.stringify(scenarioJsonSchema())));
    } finally {
      expect(await cli.stop()).toBe(0);
    }
    const typed = await spawnCli(['--scenario', join(EXAMPLES, 'busy.ts'), '--no-cache']);
    try {
      const summary = (await (await fetch(`${typed.url}/__mock/scenario`)).json()) as { scenario: { name: string } };
      expect(summary.scenario.name).toBe('busy');
      const collections = (await (
        await fetch(`${typed.url}/api/v2/addresses/${await handle(typed.url, 'bigCollector')}/nft/collections`)
      ).json()) as { items: unknown[]; next_page_params: unknown };
      expect(collections.items).toHaveLength(30);
    } finally {
      expect(await typed.stop()).toBe(0);
    }
    const tooShort = write('too-short.json', {
      extends: 'tiny',
      blocks: 40,
      collectors: [{ handle: 'hoarder', collections: 1000 }],
    });
    const short = await runCli(['--scenario', tooShort, '--port', '0', '--no-cache']);
    expect(short.code).toBe(2);
    expect(short.stderr.trim()).toMatch(
      new RegExp(
        `^explorer-mock: ${tooShort}: blocks: scenario tiny has too few blocks \\(40\\) for its scripted set-up \\(.* did not run\\); raise blocks or lower collectors$`,
      ),
    );
    const bad = write('bad-cli.json', { extends: 'tiny', blocks: 10 });
    const run = await runCli(['--scenario', bad, '--port', '0']);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(`explorer-mock: ${bad}: blocks: Too small: expected number to be >=40`);
  });

  it('the JSON Schema describes both forms of a file, with every knob', () => {
    const schema = scenarioJsonSchema() as {
      anyOf: { properties: Record<string, unknown>; required?: string[] }[];
      $schema: string;
    };
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.anyOf).toHaveLength(2);
    expect(Object.keys(schema.anyOf[0]!.properties)).toEqual(
      expect.arrayContaining(['name', 'blocks', 'tokens', 'collectors', '$schema']),
    );
    expect(schema.anyOf[1]!.required).toEqual(['extends']);
  });
});

describe('--watch', () => {
  it('rebuilds on an edit and swaps the new chain in; a broken edit keeps the old one and says why', async () => {
    const file = write('watched.json', { extends: 'tiny', name: 'watched', blocks: 50 });
    const cli = await spawnCli(['--scenario', file, '--watch', '--no-cache']);
    const summary = async () =>
      (await (await fetch(`${cli.url}/__mock/scenario`)).json()) as {
        headHeight: number;
        start: { build?: { number: number } };
      };
    const until = async (test: () => Promise<boolean>) => {
      for (let i = 0; i < 100 && !(await test()); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await test()).toBe(true);
    };
    try {
      expect((await summary()).headHeight).toBe(50);
      write('watched.json', { extends: 'tiny', name: 'watched', blocks: 57 });
      await until(async () => (await summary()).headHeight === 57);
      expect((await summary()).start.build?.number).toBe(2);
      expect(await (await fetch(`${cli.url}/`)).text()).toContain('Build 2 of the scenario file');
      write('watched.json', '{ "extends": "tiny", "blocks": 12 }');
      await until(async () => cli.stderr().includes('still serving build 2'));
      expect(cli.stderr()).toContain(`${file}: blocks: Too small: expected number to be >=40; still serving build 2`);
      expect((await summary()).headHeight).toBe(57);
      expect((await fetch(`${cli.url}/api/v2/blocks`)).status).toBe(200);
    } finally {
      expect(await cli.stop()).toBe(0);
    }
  });
});

describe('the scenario() arbitrary', () => {
  it('gives 200 valid scenario files (named accounts, tokens, contracts, activity, lists) whose chains keep every chain law and every pinned count', () => {
    fc.assert(
      fc.property(scenario(), fc.nat(1_000), (s, seed) => {
        expect(scenarioKnobs.safeParse(s).success).toBe(true);
        const chain = buildChain({ scenario: s, seed });
        expect(chain.headHeight).toBe(s.blocks);
        expect(chainViolations(chain)).toEqual([]);
        for (const c of s.collectors ?? []) expect(chain.handles[c.handle]).toMatch(/^0x[0-9a-fA-F]{40}$/);
        for (const c of s.entities?.contracts ?? []) {
          const id = chain.accountByHash.get(chain.handles[c.name]!.toLowerCase())!;
          if (c.address) expect(chain.handles[c.name]).toBe(c.address);
          expect(chain.accounts[id]!.contract!.creationTransaction === -1).toBe(c.address !== undefined);
          // Its transactions: its creation (unless predeployed) and the scripted calls to it.
          const calls = (s.activity ?? []).filter((t) => t.to === c.name).length;
          expect(chain.indexes.at(id)!.transactions.length).toBe(calls + (c.address ? 0 : 1));
        }
        for (const a of s.entities?.accounts ?? []) {
          const id = chain.accountByHash.get(chain.handles[a.name]!.toLowerCase())!;
          if (a.address) expect(chain.handles[a.name]).toBe(a.address);
          // A list the file guarantees has exactly the length asked for; another holds what the file's other entries give.
          const lists = (s.lists ?? []).filter((l) => l.account === a.name);
          const asked = (kind: 'transactions' | 'tokenTransfers' | 'nftCollections' | 'withdrawals') =>
            lists.some((l) => l[kind] !== undefined) ? lists.reduce((n, l) => n + (l[kind] ?? 0), 0) : undefined;
          const scripted = (s.activity ?? [])
            .filter((t) => t.from === a.name || t.to === a.name)
            .reduce((n, t) => n + (t.repeat ?? 1), 0);
          const deployed = (s.entities?.contracts ?? []).filter((c) => c.deployer === a.name).length;
          const sends = asked('transactions') ?? scripted + deployed;
          expect(chain.indexes.at(id)!.transactions.length).toBe(sends);
          if (!sends && !asked('withdrawals'))
            expect(chain.accounts[id]!.balance).toBe(parseCoinAmount(a.balance ?? '0'));
          const held = (s.entities?.tokens ?? []).reduce((n, t) => {
            const h = t.holders?.[a.name];
            return n + (h === undefined ? 0 : typeof h === 'string' ? 1 : h.length);
          }, 0);
          const nfts = (s.entities?.tokens ?? []).filter((t) => t.type !== 'ERC-20' && t.holders?.[a.name]).length;
          const collections = asked('nftCollections') ?? nfts;
          expect(chain.indexes.at(id)!.tokenTransfers.length).toBe(
            asked('tokenTransfers') ?? held + collections - nfts,
          );
          expect(chain.indexes.at(id)!.withdrawals.length).toBe(asked('withdrawals') ?? 0);
          expect(chain.indexes.at(id)!.nftCollections.length).toBe(collections);
        }
      }),
      { numRuns: 200, seed: 13 },
    );
  });
});
