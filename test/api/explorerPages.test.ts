import { describe, expect, it } from 'vitest';
import { buildChain } from '../../generators/buildChain.js';
import { createApi } from '../../src/app/createApi.js';
import { followPages } from '../../src/rest/walkPages.js';
import { balanceChanges } from '../../src/domain/balances.js';
import { logIndexOf, logsOfTransaction } from '../../src/chain/logs.js';
import { DIFFERENCES } from '../../src/profiles/blockscout.js';
import { PROFILES } from '../../src/schemas/profile.js';
import { itemsOf } from '../../src/domain/transactions.js';
import { expectValidResponse } from '../support/expectValid.js';

const chain = buildChain({ scenario: 'tiny', seed: 1 });
type Json = Record<string, any>;

for (const profile of PROFILES) {
  describe(`the pages' endpoints, profile ${profile}`, () => {
    const api = createApi(chain, {
      profile,
      onError: (error) => {
        throw error;
      },
    });
    /** Every answer is validated strictly against the profile's schema for its route. */
    const get = (url: string) => {
      const u = new URL(`http://mock${url}`);
      const answer = api(u.pathname, u.searchParams);
      expectValidResponse(url, answer.status, answer.body, profile);
      return answer;
    };
    const json = (url: string): any => {
      const answer = get(url);
      expect(answer.status, url).toBe(200);
      return JSON.parse(answer.body);
    };
    /** Every item of a list, following next_page_params to the end. */
    const all = (first: string): Json[] => followPages(get, first, 10_000).flatMap((url) => json(url).items as Json[]);
    const whale = chain.accounts[chain.richList[0]!]!;

    it('/transactions walks every mined transaction, newest first; pending is empty on a frozen chain', () => {
      const items = all('/api/v2/transactions');
      expect(items.map((t) => t.hash)).toEqual([...chain.transactions].reverse().map((t) => t.hash));
      expect(json('/api/v2/transactions?filter=pending')).toEqual({ items: [], next_page_params: null });
    });

    it('/token-transfers, /internal-transactions and /withdrawals walk the whole chain', () => {
      expect(all('/api/v2/token-transfers').length).toBe([...chain.tokenTransfers].reduce((s, t) => s + itemsOf(t), 0));
      expect(all('/api/v2/internal-transactions').length).toBe(chain.internalTransactions.length);
      expect(all('/api/v2/withdrawals').map((w) => w.index)).toEqual(
        [...chain.withdrawals].reverse().map((w) => w.index),
      );
    });

    it("a block's detail is its list item plus the detail's fields", () => {
      const listed = json('/api/v2/blocks').items[3] as Json;
      const detail = json(`/api/v2/blocks/${listed.height}`);
      expect(json(`/api/v2/blocks/${listed.hash}`)).toEqual(detail);
      for (const [key, value] of Object.entries(listed))
        if (
          ![
            'uncles_hashes',
            'rewards',
            'internal_transactions_count',
            'withdrawals_count',
            // Null in lists, as the two counts above: the explorer loads a block's deposits in its detail only.
            'beacon_deposits_count',
          ].includes(key)
        )
          expect(detail[key], key).toEqual(value);
      const block = chain.blocks.at(listed.height)!;
      expect(all(`/api/v2/blocks/${block.height}/withdrawals`).length).toBe(block.withdrawalCount);
      let internals = 0;
      for (let i = block.transactionStart; i < block.transactionStart + block.transactionCount; i++)
        internals += chain.transactions.at(i)!.internalCount;
      expect(all(`/api/v2/blocks/${block.height}/internal-transactions`).length).toBe(internals);
      if ('beacon_deposits_count' in listed) {
        expect(listed.beacon_deposits_count).toBeNull();
        expect(detail.beacon_deposits_count).toBe(all(`/api/v2/blocks/${block.height}/beacon/deposits`).length);
      }
    });

    it("a transaction's logs are its events and token transfers, at their log indexes, decoded with the emitter's ABI", () => {
      const tx = [...chain.transactions].find((t) => t.eventCount > 0 && t.tokenTransferCount > 0)!;
      const logs = all(`/api/v2/transactions/${tx.hash}/logs`);
      expect(logs.map((l) => l.index)).toEqual(logsOfTransaction(tx).map((ref) => logIndexOf(chain, ref)));
      const transfer = chain.tokenTransfers.at(tx.tokenTransferStart)!;
      const log = logs.find((l) => l.index === transfer.logIndex)!;
      expect(log.address.hash.toLowerCase()).toBe(chain.accounts[transfer.tokenId]!.lower);
      expect(log.topics).toHaveLength(4);
      expect(log.decoded.parameters.find((p: Json) => p.name === 'from')?.value.toLowerCase()).toBe(
        chain.accounts[transfer.fromId]!.lower,
      );
      expect(json(`/api/v2/transactions/${tx.hash}`).hash).toBe(tx.hash);
      expect(all(`/api/v2/transactions/${tx.hash}/internal-transactions`).length).toBe(tx.internalCount);
      const trace = json(`/api/v2/transactions/${tx.hash}/raw-trace`);
      expect(trace).toHaveLength(tx.internalCount + 1);
    });

    it("state changes add up: the sender's coin change is minus its fee and value", () => {
      const tx = [...chain.transactions].find((t) => t.status === 'ok' && t.value > 0n && t.toId !== t.fromId)!;
      const changes = json(`/api/v2/transactions/${tx.hash}/state-changes`).items as Json[];
      const sender = changes.find(
        (c) => c.type === 'coin' && c.address.hash.toLowerCase() === chain.accounts[tx.fromId]!.lower,
      )!;
      expect(BigInt(sender.change)).toBe(
        -(BigInt(tx.gasUsed) * tx.gasPrice) -
          tx.value +
          (chain.blocks.at(tx.block)!.minerId === tx.fromId
            ? BigInt(tx.gasUsed) * (tx.gasPrice - chain.blocks.at(tx.block)!.baseFeePerGas)
            : 0n),
      );
      for (const c of changes) expect(BigInt(c.balance_after) - BigInt(c.balance_before)).toBe(BigInt(c.change));
    });

    it("an address's counters equal the lengths of the lists they count; its balance history ends at its balance", () => {
      for (const account of [whale, chain.accounts[chain.blocks.at(3)!.minerId]!]) {
        const counters = json(`/api/v2/addresses/${account.hash}/counters`);
        expect(Number(counters.transactions_count)).toBe(all(`/api/v2/addresses/${account.hash}/transactions`).length);
        expect(Number(counters.token_transfers_count)).toBe(
          all(`/api/v2/addresses/${account.hash}/token-transfers`).length,
        );
        expect(Number(counters.validations_count)).toBe(
          all(`/api/v2/addresses/${account.hash}/blocks-validated`).length,
        );
        const tabs = json(`/api/v2/addresses/${account.hash}/tabs-counters`);
        expect(tabs.withdrawals_count).toBe(Math.min(51, all(`/api/v2/addresses/${account.hash}/withdrawals`).length));
        const history = all(`/api/v2/addresses/${account.hash}/coin-balance-history`);
        expect(BigInt(history[0]!.value)).toBe(account.balance);
        expect(history.reduce((s, h) => s + BigInt(h.delta), 0n)).toBe(
          balanceChanges(chain, account.id).reduce((s, c) => s + c.delta, 0n),
        );
      }
      const emitter = chain.accounts.find((a) => chain.indexes.at(a.id)!.logs.length > 60)!;
      expect(all(`/api/v2/addresses/${emitter.hash}/logs`).length).toBe(chain.indexes.at(emitter.id)!.logs.length);
    });

    it('tokens: list, detail, counters, transfers, holders and instances agree with the chain', () => {
      const listed = all('/api/v2/tokens');
      expect(listed.length).toBe(
        chain.accounts.filter((a) => a.contract?.token && a.contract.creationStatus !== 'failed').length,
      );
      const nft = chain.accounts.find((a) => a.contract?.token?.type === 'ERC-721')!;
      const counters = json(`/api/v2/tokens/${nft.hash}/counters`);
      expect(Number(counters.transfers_count)).toBe(all(`/api/v2/tokens/${nft.hash}/transfers`).length);
      expect(Number(counters.token_holders_count)).toBe(all(`/api/v2/tokens/${nft.hash}/holders`).length);
      const instances = all(`/api/v2/tokens/${nft.hash}/instances`);
      expect(instances.length).toBe([...chain.nftOwners.keys()].filter((k) => k.startsWith(`${nft.id}:`)).length);
      expect(json(`/api/v2/tokens/${nft.hash}/instances/${instances[0]!.id}`).id).toBe(instances[0]!.id);
      expect(get(`/api/v2/tokens/${whale.hash}`).status).toBe(404);
    });

    it('search finds an address, a transaction, a block by height and a token by symbol', () => {
      const token = chain.accounts.find((a) => a.contract?.token)!.contract!.token!;
      expect(
        json(`/api/v2/search?q=${token.symbol}`).items.some(
          (i: Json) => i.type === 'token' && i.symbol === token.symbol,
        ),
      ).toBe(true);
      expect(json(`/api/v2/search?q=${chain.transactions.at(7)!.hash}`).items[0].type).toBe('transaction');
      expect(json('/api/v2/search?q=12').items[0].block_number).toBe(12);
      expect(json(`/api/v2/search/check-redirect?q=${chain.blocks.at(5)!.hash}`)).toEqual({
        redirect: true,
        type: 'block',
        parameter: chain.blocks.at(5)!.hash,
      });
      expect(json(`/api/v2/search/check-redirect?q=nothing-here`)).toEqual({
        redirect: false,
        type: null,
        parameter: null,
      });
    });

    it('search finds an ENS name in the Blockscout profile (a name service is configured there), not in the spec', () => {
      const named = chain.accounts.find((a) => a.ensName)!;
      const q = named.ensName!.toUpperCase();
      const found = json(`/api/v2/search?q=${q}`).items.filter((i: Json) => i.type === 'ens_domain');
      const quick = json(`/api/v2/search/quick?q=${q}`).filter((i: Json) => i.type === 'ens_domain');
      const redirect = json(`/api/v2/search/check-redirect?q=${q}`);
      if (profile === 'spec') {
        expect([found, quick, redirect.redirect]).toEqual([[], [], false]);
        return;
      }
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({
        address_hash: named.hash,
        url: `/address/${named.hash}`,
        priority: 4,
        ens_info: { name: named.ensName, address_hash: named.hash, names_count: 1, protocol: { id: 'ens' } },
      });
      expect(quick).toEqual(found);
      expect(redirect).toEqual({ redirect: true, type: 'address', parameter: named.hash });
      expect(json('/api/v2/search?q=nobody-here.eth').items).toEqual([]);
    });

    it('main page, stats and config answer with the chain', () => {
      expect(json('/api/v2/main-page/blocks').map((b: Json) => b.height)).toEqual(
        [48, 47, 46, 45].map((k) => chain.headHeight - 48 + k),
      );
      expect(json('/api/v2/main-page/transactions')).toHaveLength(6);
      const statsBody = json('/api/v2/stats');
      expect(statsBody.total_transactions).toBe(String(chain.transactions.length));
      expect(Object.keys(statsBody.gas_prices)).toEqual(['slow', 'average', 'fast']);
      expect(BigInt(statsBody.gas_prices.fast.wei)).toBeGreaterThan(BigInt(statsBody.gas_prices.slow.wei));
      const txStats = json('/api/v2/transactions/stats');
      expect(Number(txStats.transactions_count_24h)).toBeGreaterThan(0);
      expect(Number(txStats.transactions_count_24h)).toBeLessThanOrEqual(chain.transactions.length);
      expect(
        json('/api/v2/stats/charts/transactions').chart_data.reduce(
          (s: number, d: Json) => s + d.transactions_count,
          0,
        ),
      ).toBe(chain.transactions.length);
      expect(json('/api/v2/config/backend-version').backend_version).toMatch(/^v11/);
    });

    it('bad input gets the explorer’s 4xx', () => {
      const unknownTx = `0x${'ab'.repeat(32)}`;
      for (const url of [
        '/api/v2/transactions/0x12/logs',
        '/api/v2/addresses/0xzz/counters',
        '/api/v2/blocks/x1/withdrawals',
        '/api/v2/transactions?filter=sideways',
        '/api/v2/addresses/0x0000000000000000000000000000000000000001/logs?topic=0x1',
      ]) {
        const answer = get(url);
        expect(answer.status, url).toBe(422);
        const body = JSON.parse(answer.body);
        expect(body.errors[0].source.pointer).toMatch(/^\//);
        expect('message' in body).toBe(profile === 'spec');
      }
      expect(get(`/api/v2/transactions/${unknownTx}`).status).toBe(404);
      expect(get(`/api/v2/transactions/${unknownTx}/raw-trace`).status).toBe(404);
      expect(get('/api/v2/blocks/999999').status).toBe(404);
      expect(get('/api/v2/search').status).toBe(400);
    });
  });
}

describe('the Blockscout profile', () => {
  const api = createApi(chain, { profile: 'blockscout' });
  const json = (url: string): any => JSON.parse(api(url, new URLSearchParams()).body);

  it('lists every difference from the spec with the Blockscout source file that fixes it', () => {
    expect(DIFFERENCES.length).toBeGreaterThan(20);
    for (const d of DIFFERENCES)
      expect(d.source, `${d.resource} ${d.field}`).toMatch(
        /^(apps\/(block_scout_web|explorer)\/lib\/.+\.ex|open_api_spex)/,
      );
  });

  it('answers in Blockscout v11 shapes', () => {
    const proxy = chain.accounts.find((a) => a.contract?.kind === 'transparent-proxy')!;
    const address = json(`/api/v2/addresses/${proxy.hash}`);
    expect(address.proxy_type).toBe('eip1967');
    expect(address.implementations).toEqual([
      { address_hash: chain.accounts[proxy.contract!.implementationId]!.hash, name: expect.any(String) },
    ]);
    expect(address).not.toHaveProperty('implementation_address');
    const contract = json(`/api/v2/smart-contracts/${chain.accounts[proxy.contract!.implementationId]!.hash}`);
    expect(Array.isArray(contract.abi)).toBe(true);
    expect(contract).toHaveProperty('optimization_runs');
    expect(contract).not.toHaveProperty('optimizations_runs');
    const listed = json('/api/v2/transactions').items[0];
    expect(listed.token_transfers).toBeNull();
    expect(typeof listed.gas_limit).toBe('string');
    const block = json('/api/v2/blocks').items[0];
    expect(block.withdrawals_count).toBeNull();
    expect(typeof block.rewards[0].reward).toBe('string');
    const transfer = json('/api/v2/token-transfers').items.find((t: Json) => t.token_type === 'ERC-721');
    expect(Object.keys(transfer.total).sort()).toEqual(['token_id', 'token_instance']);
  });
});
