import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildChain } from '../../generators/buildChain.js';
import { loadScenario } from '../../scenarios/loadScenario.js';
import { chainViolations } from '../support/chainLaws.js';
import { runCli, spawnCli } from '../support/spawnCli.js';

const WALLET = new URL('../../scenarios/examples/wallet.json', import.meta.url).pathname;
const ALICE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const dir = mkdtempSync(join(tmpdir(), 'explorer-mock-entities-'));
const write = (name: string, content: unknown) => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(content));
  return file;
};

type Json = Record<string, any>;

describe('named accounts and list guarantees', () => {
  it('serves every pinned fact of the wallet example through the API (CLI, --scenario file)', async () => {
    const cli = await spawnCli(['--scenario', WALLET, '--seed', '2', '--no-cache']);
    const get = async (url: string) => (await (await fetch(`${cli.url}${url}`)).json()) as Json;
    try {
      const summary = await get('/__mock/scenario');
      const handles = Object.fromEntries((summary.handles as { name: string; value: string }[]).map((h) => [h.name, h.value]));
      expect(handles.alice).toBe(ALICE);
      const bob = handles.bob!;
      expect(bob).toMatch(/^0x[0-9a-fA-F]{40}$/);

      // Alice: three pages of transactions (50, 50, 20), all hers, and a balance that is her genesis 12.5 ETH less what they cost.
      const pages: Json[] = [];
      for (let url = `/api/v2/addresses/${ALICE}/transactions`; ; ) {
        const page = await get(url);
        pages.push(page);
        if (!page.next_page_params) break;
        url = `/api/v2/addresses/${ALICE}/transactions?${new URLSearchParams(page.next_page_params)}`;
      }
      expect(pages.map((p) => p.items.length)).toEqual([50, 50, 20]);
      const sent = pages.flatMap((p) => p.items as Json[]);
      let spent = 0n;
      for (const t of sent) {
        expect(t.from).toMatchObject({ hash: ALICE, ens_domain_name: 'alice.eth', name: 'Alice' });
        expect(t.status).toBe('ok');
        spent += BigInt(t.value) + BigInt(t.fee.value);
      }
      const alice = await get(`/api/v2/addresses/${ALICE}`);
      expect(BigInt(alice.coin_balance)).toBe(12_500_000_000_000_000_000n - spent);
      expect(alice.public_tags).toEqual([{ address_hash: ALICE, display_name: 'Test Wallet', label: 'test-wallet' }]);
      expect(alice.name).toBe('Alice');
      expect((await get(`/api/v2/addresses/${ALICE}/coin-balance-history`)).items[0].value).toBe(alice.coin_balance);

      // 75 ERC-20 mints and one NFT of each of 12 collections: 87 token transfers, all to her.
      const transfers = await get(`/api/v2/addresses/${ALICE}/token-transfers`);
      const more = await get(`/api/v2/addresses/${ALICE}/token-transfers?${new URLSearchParams(transfers.next_page_params)}`);
      expect([transfers.items.length, more.items.length, more.next_page_params]).toEqual([50, 37, null]);
      for (const t of [...transfers.items, ...more.items] as Json[]) expect(t.to.hash).toBe(ALICE);
      expect([...transfers.items, ...more.items].filter((t: Json) => t.token.type === 'ERC-20')).toHaveLength(75);
      const collections = await get(`/api/v2/addresses/${ALICE}/nft/collections`);
      expect([collections.items.length, collections.next_page_params]).toEqual([12, null]);

      // Bob: exactly his genesis balance, and nothing happens to him.
      expect((await get(`/api/v2/addresses/${bob}`)).coin_balance).toBe('3000000000');
      expect((await get(`/api/v2/addresses/${bob}/transactions`)).items).toEqual([]);
    } finally {
      expect(await cli.stop()).toBe(0);
    }
  });

  it('the wallet example keeps every chain law, on several seeds', async () => {
    const scenario = await loadScenario(WALLET);
    for (const seed of [1, 2, 3]) expect(chainViolations(buildChain({ scenario, seed }))).toEqual([]);
  });

  const base = (accounts: unknown[], lists?: unknown[]) => ({ extends: 'tiny', entities: { accounts }, ...(lists ? { lists } : {}) });
  it.each([
    ['a mixed-case address failing its checksum', base([{ name: 'a', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' }]), 'entities.accounts[0].address: 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD fails its EIP-55 checksum (0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed passes)'],
    ['a precompile', base([{ name: 'a', address: '0x0000000000000000000000000000000000000005' }]), 'entities.accounts[0].address: 0x0000000000000000000000000000000000000005 is the zero address or a precompile'],
    ['two accounts at one address', base([{ name: 'a', address: ALICE }, { name: 'b', address: ALICE.toLowerCase() }]), `entities.accounts[1].address: ${ALICE.toLowerCase()} is already the address of entities.accounts[0]`],
    ['two accounts with one name', base([{ name: 'a' }, { name: 'a' }]), 'entities.accounts[1].name: "a" is already the name of entities.accounts[0]'],
    ['a list for an account never defined', base([{ name: 'a', balance: '1 ETH' }], [{ account: 'carol', transactions: 3 }]), 'lists[0].account: no account named "carol" in entities.accounts'],
    ['a list its account cannot pay for', base([{ name: 'a', balance: '0.1 ETH' }], [{ account: 'a', transactions: 120 }]), 'lists[0].transactions: a needs a balance of at least 0.6 ETH to send 120 transactions, has 0.1 ETH'],
    ['an amount with too many decimals', base([{ name: 'a', balance: '1.5 wei' }]), 'entities.accounts[0].balance: "1.5 wei" has more decimals than the unit allows (0)'],
    ['a name every chain already has', base([{ name: 'whale' }]), 'entities.accounts[0].name: "whale" is already a handle of every chain'],
  ])('refuses %s: one line naming the file and the path, exit code 2', async (_what, content, message) => {
    const file = write(`bad-${Math.random().toString(36).slice(2)}.json`, content);
    const run = await runCli(['--scenario', file, '--port', '0', '--no-cache']);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toContain(`explorer-mock: ${file}: ${message}`);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });
});
